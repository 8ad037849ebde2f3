import type { KeyObject } from "node:crypto";
import { deriveLabelledKey } from "../derive-labelled-key.ts";

/**
 * The domain label of the review record's key: the key signs records and nothing else, so a
 * record's MAC can never be replayed as another use of the same secret.
 */
export const RECORD_KEY_LABEL = "content-review/review-record/v1";

/**
 * The key that signs and verifies review records (HMAC-SHA256), derived from `secret` (the
 * `record-key` input when set, else `api-key`) with {@link RECORD_KEY_LABEL}. An empty secret is
 * refused.
 */
export function deriveRecordKey(secret: string): KeyObject {
  return deriveLabelledKey(secret, RECORD_KEY_LABEL, "review record key");
}
