import type { Parsed } from "./relay-variables.ts";

/** True when the service's key and URL are both set: reconciliation and enrichment are on. */
export function serviceOn(
  p: Parsed,
): p is Parsed & { CONTENT_REVIEW_BASE_URL: string; CONTENT_REVIEW_API_KEY: string } {
  return p.CONTENT_REVIEW_BASE_URL !== undefined && p.CONTENT_REVIEW_API_KEY !== undefined;
}
