// @ts-nocheck
import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

/**
 * The domain label of the review record's key: the key signs records and nothing else, so a
 * record's MAC can never be replayed as another use of the same secret.
 */
export const RECORD_KEY_LABEL = "content-review/review-record/v1";

/**
 * The key that signs and verifies review records (HMAC-SHA256), derived from `secret` (the
 * `record-key` input when set, else `api-key`) with {@link RECORD_KEY_LABEL}. It comes back as a
 * `KeyObject`, so that logging it by mistake shows no byte of it. An empty secret is refused: a
 * key anyone can compute signs nothing.
 */
export function deriveRecordKey(secret: string): KeyObject {
  if (secret === "")
    throw new TypeError("The review record key needs a secret: api-key or record-key is empty.");
  return createSecretKey(createHmac("sha256", secret).update(RECORD_KEY_LABEL).digest());
}
