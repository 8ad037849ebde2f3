// @ts-nocheck
import { HttpError, type HttpErrorOptions } from "./http-error.ts";

/** One invalid field, normalised from either 422 body shape of part 7. */
export interface FieldProblem {
  /** Dotted path of the field, e.g. `body.assets.0.blobPath`. */
  readonly field: string;
  readonly message: string;
}

/** The service rejected the request as invalid (422). */
export class ValidationError extends HttpError {
  override name = "ValidationError";
  readonly fields: readonly FieldProblem[];

  constructor(message: string, options: HttpErrorOptions & { fields: readonly FieldProblem[] }) {
    super(message, options);
    this.fields = options.fields;
  }
}

/** Type guard for {@link ValidationError}. */
export function isValidationError(error: unknown): error is ValidationError {
  return error instanceof ValidationError;
}
