import { createHash } from "node:crypto";
import type { RelayLink } from "./register-with-relay.ts";

/**
 * The `Idempotency-Key` of a link: derived from what makes it one link (the submission, the
 * commit and the status context), so that every retry and every re-run of the job that registers
 * the same link sends the same key, and the relay journals it once.
 */
export function relayIdempotencyKey(
  link: Pick<RelayLink, "submissionId" | "sha" | "context">,
): string {
  const digest = createHash("sha256")
    .update([link.submissionId, link.sha, link.context ?? ""].join("\u0000"))
    .digest("hex");
  return `content-review-link-${digest.slice(0, 40)}`;
}
