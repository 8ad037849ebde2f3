// @ts-nocheck
import { HttpError, type HttpErrorOptions } from "./http-error.ts";

/** The domain error body of part 7: `{detail, docs_url?}`. */
export interface DomainErrorBody {
  readonly detail: string;
  readonly docs_url?: string;
}

/** A domain error (most 4xx and 5xx, every 401): the service's `detail` text is kept. */
export class DomainError extends HttpError {
  override name = "DomainError";
  readonly detail: string;
  readonly docsUrl: string | undefined;

  constructor(message: string, options: HttpErrorOptions & { body: DomainErrorBody }) {
    super(message, options);
    this.detail = options.body.detail;
    this.docsUrl = options.body.docs_url;
  }
}

/** Type guard for {@link DomainError}. */
export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
