import { createHash } from "node:crypto";
import type { WebhookScheme } from "../../src/webhooks/index.ts";

/**
 * Whether each scheme signs the message id. Where it does not (`X-GitHub-Delivery`, a Stripe
 * scheme's `webhook-id`), anyone holding one signed delivery can send it again under a new id
 * or none, so the id cannot tell a replay from a new message: the signed body must.
 */
export const SIGNS_MESSAGE_ID: Readonly<Record<WebhookScheme, boolean>> = Object.freeze({
  "standard-webhooks": true,
  github: false,
  stripe: false,
});

const MAX_ID_LENGTH = 200;

/**
 * The prefixes of the journal's own entry ids (a link's `link:`, reconciliation's `reconcile:`,
 * the keys below) and of the escape itself. A sender's id that starts with one is kept whole
 * behind `webhook:`, so no message id can take the key of a link, a reconciliation or another
 * delivery; every other id is its own key, exactly as sent.
 */
export const RESERVED_KEY_PREFIXES = Object.freeze([
  "link:",
  "reconcile:",
  "body:",
  "sha256:",
  "webhook:",
]);

const sha256 = (...parts: (string | Buffer)[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};

/**
 * The key the journal dedupes a verified delivery on: the signed message id where the scheme
 * signs one, else the body (what `github` signs). For `stripe` the signature also covers a
 * timestamp, but a sender signs every retry afresh (a new `t=`, the same body): keyed on the
 * timestamp, a retry after a lost answer would be relayed twice, and a replay must repeat the
 * timestamp anyway. So both unsigned-id schemes key on the body alone, and two genuine
 * messages with byte-identical bodies count as one (docs/relay.md, "Replays").
 */
export function deliveryKey(scheme: WebhookScheme, id: string | null, body: Buffer): string {
  if (!SIGNS_MESSAGE_ID[scheme]) return `body:${sha256(body)}`;
  if (id !== null && id.length <= MAX_ID_LENGTH) {
    return RESERVED_KEY_PREFIXES.some((prefix) => id.startsWith(prefix)) ? `webhook:${id}` : id;
  }
  // An absurdly long id: the id and the body are the identity.
  return `sha256:${sha256(id ?? "", "\0", body)}`;
}
