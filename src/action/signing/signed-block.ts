import { createHmac, type KeyObject, timingSafeEqual } from "node:crypto";
import type { KeyEnvironment } from "../../api/index.ts";
import { deriveLabelledKey } from "./derive-labelled-key.ts";

/**
 * Where a secret signs: the repository and the environment of the run. A key derived for one
 * scope verifies nothing signed in another (docs/action.md, threat model). The repository is its
 * id when known, so that a rename or a transfer keeps the records and markers; its name only
 * when there is no id.
 */
export interface SigningScope {
  /** `owner/repo`, as the run names it (GitHub's names are case-insensitive); used without an id. */
  readonly repository: string;
  /** The repository's numeric id, when the runner gives one: what the key is bound to then. */
  readonly repositoryId: string | undefined;
  /** `live` or `sandbox`, from the API key's prefix: one record-key may serve both. */
  readonly environment: KeyEnvironment;
}

/**
 * The HMAC-SHA256 key of one use (`label`) in one scope, derived from `secret`: a MAC made for
 * a sandbox run, another repository or another use never verifies under it. An empty secret is
 * refused (`what` names the key in the message).
 */
export function deriveScopedKey(
  secret: string,
  label: string,
  scope: SigningScope,
  what: string,
): KeyObject {
  // None of the parts holds a newline (labels, names, digits), so the text reads one way only.
  // With an id the name's line is empty (a name never is): a rename keeps the key. Without one,
  // the text is what it was before ids took over, so that those runs keep their records.
  const { repositoryId } = scope;
  const name = repositoryId === undefined ? scope.repository.toLowerCase() : "";
  return deriveLabelledKey(
    secret,
    [label, scope.environment, name, repositoryId ?? ""].join("\n"),
    what,
  );
}

/** What a signed block's MAC is bound to, besides its fields and payload. */
export interface BlockSigning {
  /** A key from {@link deriveScopedKey}. */
  readonly key: KeyObject;
  /** What the block is for, e.g. `review-record`: a MAC for one use never passes as another. */
  readonly purpose: string;
  /** Where the block must be read: the commit of a check run, the pull request of a comment. */
  readonly place: string;
}

/** A MAC in hex: SHA-256 is 64 hex digits. */
export const MAC_PATTERN = "[0-9a-f]{64}";

/**
 * The HMAC-SHA256, in hex, of a block's `fields` and `payload` in its purpose and place. Only
 * the payload may hold a newline, and it comes last, so the message reads one way only.
 */
export function blockMac(signing: BlockSigning, fields: string, payload: string): string {
  return createHmac("sha256", signing.key)
    .update(`${signing.purpose}\n${signing.place}\n${fields}\n${payload}`)
    .digest("hex");
}

/** Whether `mac` (hex, as read) is the MAC of `fields` and `payload`, compared in constant time. */
export function macMatches(
  signing: BlockSigning,
  fields: string,
  payload: string,
  mac: string,
): boolean {
  const expected = Buffer.from(blockMac(signing, fields, payload), "hex");
  const given = Buffer.from(mac, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A hidden block: an HTML comment (GitHub shows none of it) of `prefix`, `fields` and the MAC
 * under its attribute `macName` (`mac` for records, `sig` for comments' markers).
 */
export function htmlBlock(prefix: string, fields: string, macName: string, mac: string): string {
  return `<!-- ${prefix} ${fields} ${macName}=${mac} -->`;
}
