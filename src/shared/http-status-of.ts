/**
 * The HTTP status of a failed call: an Octokit `RequestError` (or any error with an integer
 * `status`), else null (a network error, an abort, anything else thrown).
 */
export function httpStatusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && Number.isInteger(status) ? status : null;
}
