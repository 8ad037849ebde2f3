import { ContentReviewError } from "./errors/content-review-error.ts";
import { type OperationId, operations } from "./generated/operations.gen.ts";

type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/** What one call of an operation fills in: path parameters, query, body, signal. */
export interface CallSpec {
  readonly path?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The URL of one call: the operation's path template under `baseUrl` (keeping its path prefix),
 * each `{name}` encoded from `spec.path`, and the query's defined values (arrays repeat the key).
 * Throws a {@link ContentReviewError} for an empty path parameter.
 */
export function operationUrl(baseUrl: URL, operation: OperationId, spec: CallSpec): URL {
  const template: string = operations[operation].path;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = spec.path?.[name];
    if (!value) {
      throw new ContentReviewError(`${operation} needs a non-empty "${name}".`, { operation });
    }
    return encodeURIComponent(value);
  });
  const url = new URL(baseUrl.toString());
  url.pathname = `${url.pathname.replace(/\/$/, "")}${path}`;
  for (const [key, value] of Object.entries(spec.query ?? {})) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) url.searchParams.append(key, String(item));
  }
  return url;
}
