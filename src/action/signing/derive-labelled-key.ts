import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

/**
 * An HMAC-SHA256 key for one use, derived from `secret` with that use's `label`: each use gets
 * its own key, so that a MAC made for one use (a review record) can never be replayed as another
 * (a review comment). It comes back as a `KeyObject`, so that logging it by mistake shows no byte
 * of it. An empty secret is refused (`what` names the key in the message): a key anyone can
 * compute signs nothing.
 */
export function deriveLabelledKey(secret: string, label: string, what: string): KeyObject {
  if (secret === "")
    throw new TypeError(`The ${what} needs a secret: api-key or record-key is empty.`);
  return createSecretKey(createHmac("sha256", secret).update(label).digest());
}
