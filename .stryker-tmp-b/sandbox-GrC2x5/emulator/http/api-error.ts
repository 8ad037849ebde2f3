/**
 * An error that becomes one HTTP response with one of the four body shapes of part 7.
 * Route code throws it; the error handler of app.ts writes it.
 */
// @ts-nocheck

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    body: unknown,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(`HTTP ${status}: ${JSON.stringify(body)}`, { cause: options.cause });
    this.status = status;
    this.body = body;
    this.headers = Object.freeze({ ...(options.headers ?? {}) });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The domain error shape `{detail}` (part 7), used by most statuses and every 401. */
export function domainError(status: number, detail: string): ApiError {
  return new ApiError(status, { detail });
}

/** A 422 in the service's own shape: `{error: "validation_error", message, fields}`. */
export function serviceValidationError(fields: { field: string; message: string }[]): ApiError {
  const message = `Request validation failed: ${fields.map((f) => `${f.field}: ${f.message}`).join("; ")}`;
  return new ApiError(422, { error: "validation_error", message, fields });
}

/** A 422 in the framework shape `{detail: [{loc, msg, type}]}`, used for query and path parameters. */
export function httpValidationError(
  items: { loc: (string | number)[]; msg: string; type: string; input?: unknown }[],
): ApiError {
  return new ApiError(422, { detail: items });
}

/** The 402 body of part 7. */
export function tierNotAuthorized(bucket: string): ApiError {
  return new ApiError(402, {
    error_code: "tier_not_authorized_for_integrations_api",
    message:
      "This workspace's plan does not include the integrations API; upgrade the plan to use API keys",
    bucket,
  });
}

/** The 429 body of part 7, with `Retry-After` in whole seconds. */
export function rateLimited(retryAfterSeconds: number, bucket: string): ApiError {
  return new ApiError(
    429,
    { error: `Rate limit exceeded for bucket ${bucket}; retry after ${retryAfterSeconds} s` },
    { headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } },
  );
}
