import { createHash } from "node:crypto";

/** The prefix of a link entry named by the caller's `Idempotency-Key` (link-entry-id.ts). */
const KEYED_LINK = "link:key:";

/**
 * An entry id as a span shows it. A link's id holds the caller's `Idempotency-Key` verbatim,
 * which a trace backend should not keep (a caller may put anything in it): that part is shown
 * as the first 32 hex digits of its SHA-256, enough to correlate spans, not to read the key.
 * Every other id (a delivery's, reconciliation's) is shown as it is.
 */
export function tracedEntryId(id: string): string {
  if (!id.startsWith(KEYED_LINK)) return id;
  const key = id.slice(KEYED_LINK.length);
  return `link:key-sha256:${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;
}
