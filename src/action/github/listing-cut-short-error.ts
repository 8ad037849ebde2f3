/**
 * GitHub's list of the changed files was cut short at its limit and no other source could list
 * the rest: the run fails rather than conclude on what it saw. The message names the limit, the
 * sources tried, and what to do.
 */
export class ListingCutShortError extends Error {
  override name = "ListingCutShortError";
}

/** Type guard for {@link ListingCutShortError}. */
export function isListingCutShortError(error: unknown): error is ListingCutShortError {
  return error instanceof ListingCutShortError;
}
