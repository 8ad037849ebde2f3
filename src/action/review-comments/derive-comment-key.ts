import type { KeyObject } from "node:crypto";
import { deriveScopedKey, type SigningScope } from "../signing/signed-block.ts";

/**
 * The domain label of the review comments' key: distinct from the record's, so that a record's
 * MAC can never pass as a comment's signature, nor the other way round. Version 2 binds the key
 * to the repository and the environment; markers of version 1 do not verify.
 */
export const COMMENT_KEY_LABEL = "content-review/review-comment/v2";

/**
 * The key that signs and verifies the hidden marker of the Action's review comments
 * (HMAC-SHA256, see `signComment`), derived from the same secret as the record key (the
 * `record-key` input when set, else `api-key`) with {@link COMMENT_KEY_LABEL}, for `scope`: a
 * marker from a sandbox run or another repository does not verify. An empty secret is refused.
 */
export function deriveCommentKey(secret: string, scope: SigningScope): KeyObject {
  return deriveScopedKey(secret, COMMENT_KEY_LABEL, scope, "review comment key");
}
