import type { KeyObject } from "node:crypto";
import { deriveLabelledKey } from "../derive-labelled-key.ts";

/**
 * The domain label of the review comments' key: distinct from the record's, so that a record's
 * MAC can never pass as a comment's signature, nor the other way round.
 */
export const COMMENT_KEY_LABEL = "content-review/review-comment/v1";

/**
 * The key that signs and verifies the hidden marker of the Action's review comments
 * (HMAC-SHA256, see `signComment`), derived from the same secret as the record key (the
 * `record-key` input when set, else `api-key`) with {@link COMMENT_KEY_LABEL}. An empty secret
 * is refused.
 */
export function deriveCommentKey(secret: string): KeyObject {
  return deriveLabelledKey(secret, COMMENT_KEY_LABEL, "review comment key");
}
