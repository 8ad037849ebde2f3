import { z } from "zod";
import { redactValue } from "../../shared/redact.ts";
import { DomainError } from "./domain-error.ts";
import { HttpError } from "./http-error.ts";
import { RateLimitError } from "./rate-limit-error.ts";
import { OPERATION_STATUS_HINTS, STATUS_HINTS } from "./status-hints.ts";
import { TierNotAuthorizedError } from "./tier-not-authorized-error.ts";
import { type FieldProblem, ValidationError } from "./validation-error.ts";
import { isForeignNotFound, isWrongBaseUrlStatus, wrongBaseUrlHint } from "./wrong-base-url.ts";

const domainBody = z.object({ detail: z.string(), docs_url: z.string().optional() });
const serviceValidationBody = z.object({
  error: z.literal("validation_error"),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })),
});
const httpValidationBody = z.object({
  detail: z.array(
    z.object({
      loc: z.array(z.union([z.string(), z.number()])),
      msg: z.string(),
      type: z.string(),
    }),
  ),
});
const rateLimitBody = z.object({ error: z.string() });
const tierBody = z.object({ error_code: z.string(), message: z.string(), bucket: z.string() });

/** What is known about a failed response. */
export interface ErrorResponse {
  readonly operation: string;
  readonly status: number;
  readonly body: unknown;
  readonly retryAfterSeconds?: number | undefined;
  /** The operation's rate-limit bucket. */
  readonly bucket?: string | undefined;
  readonly secrets?: readonly (string | undefined)[];
  /** The base URL the call went to, as shown to users (redacted), for the hint of a wrong one. */
  readonly baseUrl?: string | undefined;
  /** Where users set the base URL, e.g. `CONTENT_REVIEW_BASE_URL`, named by that hint. */
  readonly baseUrlSetting?: string | undefined;
}

function compose(response: ErrorResponse, what: string | undefined): string {
  const { operation, status } = response;
  const foreign = isForeignNotFound(operation, status, response.body);
  const hint =
    (isWrongBaseUrlStatus(operation, status) || foreign
      ? wrongBaseUrlHint(operation, response.baseUrl, response.baseUrlSetting, foreign)
      : undefined) ??
    OPERATION_STATUS_HINTS[operation]?.[status] ??
    STATUS_HINTS[status] ??
    (status >= 500 ? STATUS_HINTS[500] : undefined);
  const head = `${operation} failed with HTTP ${status}`;
  return [what ? `${head}: ${what}` : head, hint].filter(Boolean).join(". ");
}

/**
 * Builds the error for a non-2xx response: branch on the status first, then read the body
 * (part 7). Bodies of an unexpected shape still give an {@link HttpError} with the status.
 */
export function errorFromResponse(response: ErrorResponse): HttpError {
  const { operation, status, retryAfterSeconds, bucket } = response;
  const secrets = response.secrets ?? [];
  const body = redactValue(response.body, secrets);
  const common = { operation, status, body, retryAfterSeconds, secrets };

  if (status === 429) {
    const parsed = rateLimitBody.safeParse(body);
    const wait = retryAfterSeconds === undefined ? "" : ` (Retry-After ${retryAfterSeconds} s)`;
    const what = `${parsed.success ? parsed.data.error : "rate limit exceeded"}${wait}`;
    return new RateLimitError(compose(response, what), { ...common, bucket });
  }
  if (status === 402) {
    const parsed = tierBody.safeParse(body);
    const tierBucket = parsed.success ? parsed.data.bucket : (bucket ?? "unknown");
    const what = parsed.success ? `${parsed.data.message} (bucket ${tierBucket})` : undefined;
    return new TierNotAuthorizedError(compose(response, what), {
      ...common,
      bucket: tierBucket,
    });
  }
  if (status === 422) {
    const fields = validationFields(body);
    const listed = fields.map((f) => `${f.field}: ${f.message}`).join("; ");
    const parsed = serviceValidationBody.safeParse(body);
    const what = [parsed.success ? parsed.data.message : "invalid request", listed]
      .filter(Boolean)
      .join(" - ");
    return new ValidationError(compose(response, what), { ...common, fields });
  }
  const domain = domainBody.safeParse(body);
  if (domain.success) {
    return new DomainError(compose(response, domain.data.detail), {
      ...common,
      body: domain.data,
    });
  }
  return new HttpError(compose(response, undefined), common);
}

/** Normalises both 422 body shapes of part 7 into one list of field problems. */
export function validationFields(body: unknown): FieldProblem[] {
  const service = serviceValidationBody.safeParse(body);
  if (service.success) return service.data.fields;
  const http = httpValidationBody.safeParse(body);
  if (http.success) {
    return http.data.detail.map((d) => ({ field: d.loc.join("."), message: d.msg }));
  }
  return [];
}
