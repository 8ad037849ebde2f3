import type { KeyObject } from "node:crypto";
import { deriveScopedKey, type SigningScope } from "../signing/signed-block.ts";

/**
 * The domain label of the review record's key: the key signs records and nothing else, so a
 * record's MAC can never be replayed as another use of the same secret. Version 2 binds the key
 * to the repository and the environment; records of version 1 do not verify.
 */
export const RECORD_KEY_LABEL = "content-review/review-record/v2";

/**
 * The key that signs and verifies review records (HMAC-SHA256), derived from `secret` (the
 * `record-key` input when set, else `api-key`) with {@link RECORD_KEY_LABEL}, for `scope`: a
 * record of a sandbox run or of another repository does not verify. An empty secret is refused.
 */
export function deriveRecordKey(secret: string, scope: SigningScope): KeyObject {
  return deriveScopedKey(secret, RECORD_KEY_LABEL, scope, "review record key");
}
