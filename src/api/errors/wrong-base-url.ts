import { operations } from "../generated/operations.gen.ts";
import { type HttpError, isHttpError } from "./http-error.ts";

/** How the hint names the setting when the caller did not say where users set the base URL. */
export const DEFAULT_BASE_URL_SETTING = "the base URL";

/**
 * Whether a status means the route itself is missing: a 404 on an operation whose spec
 * documents no 404 (uploads, estimates, submissions, insights, ...). The service always has
 * those paths, so whoever answered is not the service at the configured address: the base
 * URL is wrong (the website, a `/v1` or `/api` suffix, another host). A 404 on an operation
 * that documents one (an unknown submission or asset id) stays a real not-found.
 */
export function isWrongBaseUrlStatus(operation: string, status: number): boolean {
  if (status !== 404 || !Object.hasOwn(operations, operation)) return false;
  const documented: readonly number[] =
    operations[operation as keyof typeof operations].errorStatuses;
  return !documented.includes(404);
}

/**
 * Whether a 404 that the operation documents (an unknown id) came without the service's error
 * body `{detail: string}` (part 7): a website or a proxy answered, not the service, so the base
 * URL is probably wrong rather than the id.
 */
export function isForeignNotFound(operation: string, status: number, body: unknown): boolean {
  if (status !== 404 || !Object.hasOwn(operations, operation)) return false;
  if (isWrongBaseUrlStatus(operation, status)) return false;
  return typeof (body as { detail?: unknown } | null)?.detail !== "string";
}

/**
 * What to do about a wrong base URL: which setting to change and what the address looks like
 * (the spec's `{base_url}`, under which every path starts with `/api`). `foreign`: the operation
 * may 404 for an unknown id, but this 404 did not come from the service (see `isForeignNotFound`).
 */
export function wrongBaseUrlHint(
  operation: string,
  baseUrl: string | undefined,
  setting: string | undefined,
  foreign = false,
): string {
  const op = operations[operation as keyof typeof operations];
  const at = baseUrl === undefined ? "the configured address" : baseUrl;
  const why = foreign
    ? `${at} answered 404 for ${op.method} ${op.path} without the service's error body, so something other than the service answered (if the address is right, check the id)`
    : `the service always has ${op.method} ${op.path}, but ${at} answered 404 for it`;
  return (
    `The base URL is probably wrong: ${why}. ` +
    `Set ${setting ?? DEFAULT_BASE_URL_SETTING} to the service's address, under which every path starts with /api ` +
    "(e.g. https://review.example.com): not the service's website, and without /api or a version such as /v1 at the end."
  );
}

/**
 * Whether an error is an {@link HttpError} that says the base URL is wrong (see
 * {@link isWrongBaseUrlStatus}). Not a type guard: its `false` leaves other HTTP errors possible.
 */
export function isWrongBaseUrlError(error: unknown): boolean {
  return isHttpError(error) && isWrongBaseUrlStatus(error.operation, error.status);
}
