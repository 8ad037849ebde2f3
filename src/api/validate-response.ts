import type { ZodType } from "zod";
import { ResponseValidationError } from "./errors/response-validation-error.ts";
import { type OperationId, responseSchemas } from "./generated/operations.gen.ts";

/**
 * The response body of `operation`, checked against its generated schema (undefined for an
 * operation without a body). Throws a {@link ResponseValidationError} that lists the first five
 * problems.
 */
export function validateResponse<R>(
  operation: OperationId,
  body: unknown,
  secrets: readonly string[],
): R {
  const schema = responseSchemas[operation] as ZodType | null;
  if (schema === null) return undefined as R;
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as R;
  const problems = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(root)",
    message: issue.message,
  }));
  const listed = problems
    .slice(0, 5)
    .map((p) => `${p.path}: ${p.message}`)
    .join("; ");
  throw new ResponseValidationError(
    `${operation} returned a response that does not match its schema (${listed}). The service may have changed; update the toolkit, or report this with the operation name.`,
    { operation, problems, body, cause: parsed.error, secrets },
  );
}
