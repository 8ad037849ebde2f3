/** The HTTP status of an Octokit `RequestError` (or any error with a numeric `status`), else null. */
export function httpStatusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && Number.isInteger(status) ? status : null;
}
