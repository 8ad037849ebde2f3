import type { KeyObject } from "node:crypto";
import {
  type BlockSigning,
  blockMac,
  htmlBlock,
  MAC_PATTERN,
  macMatches,
} from "../signing/signed-block.ts";
import { FINGERPRINT_PATTERN, FINGERPRINT_PREFIX } from "./review-fingerprint.ts";

/** The purpose label in the MAC of a review comment's marker. */
export const COMMENT_PURPOSE = "review-comment";

/**
 * What signs the Action's review comments on one pull request: the key (see `deriveCommentKey`:
 * bound to the repository and the environment) and the pull request, the place of the MAC.
 */
export interface CommentSigning extends BlockSigning {
  /** `owner/repo#number`: a comment copied to another pull request does not verify there. */
  readonly pullRequest: string;
}

/** The signing of comments on pull request `number` of `owner/repo` under `key`. */
export function commentSigning(
  key: KeyObject,
  owner: string,
  repo: string,
  number: number,
): CommentSigning {
  // GitHub's names are case-insensitive; the event may spell them either way.
  const pullRequest = `${owner}/${repo}#${number}`.toLowerCase();
  return { key, purpose: COMMENT_PURPOSE, place: pullRequest, pullRequest };
}

/**
 * A signed marker where `signComment` puts it, at the very end of the body: the fields (see
 * `fingerprintFields`), then the HMAC-SHA256 in hex. Only the last marker counts, so that
 * marker-like text inside the findings never stands for it, and a marker moved elsewhere in the
 * body does not verify.
 */
const SIGNED_MARKER = new RegExp(
  `<!-- ${FINGERPRINT_PREFIX} (check=[0-9a-f]{16} path=[0-9a-f]{16}(?: line=[1-9][0-9]{0,8})?) sig=(${MAC_PATTERN}) -->\\s*$`,
);

/** A signed marker anywhere: one not at the end was moved or followed by added text. */
const ANY_SIGNED_MARKER = new RegExp(`<!-- ${FINGERPRINT_PREFIX} [^>]* sig=${MAC_PATTERN} -->`);

/** How a comment's body reads against the key. */
export type SignedComment =
  | { readonly kind: "none" }
  | {
      readonly kind: "signed";
      /** The marker's fields, e.g. `check=… path=… line=3`. */
      readonly fields: string;
      /** The body without the marker, as it was signed. */
      readonly content: string;
    }
  | {
      readonly kind: "unverified";
      /** `unsigned`: an older version's marker; `invalid`: copied, edited, or another key. */
      readonly reason: "unsigned" | "invalid";
    };

/** Line endings and the blank lines around the marker do not change what a comment says. */
function normal(content: string): string {
  return content.replace(/\r\n?/g, "\n").trim();
}

function marker(fields: string, sig: string): string {
  return htmlBlock(FINGERPRINT_PREFIX, fields, "sig", sig);
}

/** How many characters the signed marker with `fields` adds to a comment, with its blank line. */
export function signedMarkerLength(fields: string): number {
  return 2 + marker(fields, "0".repeat(64)).length;
}

/**
 * The body of a comment: `content`, then the hidden marker with `fields` and its signature, an
 * HMAC-SHA256 under `signing.key` (see `blockMac`) over the purpose, the pull request, the fields
 * and `content`. A copied marker (on another comment, file, pull request, repository or
 * environment) or an edited body does not verify.
 */
export function signComment(content: string, fields: string, signing: CommentSigning): string {
  const sig = blockMac(signing, fields, normal(content));
  return `${content}\n\n${marker(fields, sig)}`;
}

/**
 * Reads the marker of a comment's `body` and verifies it with `signing` before anything of it is
 * trusted. No marker gives `none`; a marker without a signature (from a version of the Action
 * before signing) or whose signature does not verify (copied from another comment, the body
 * edited, or signed with another key) gives `unverified`. Never throws.
 */
export function readSignedComment(body: string, signing: CommentSigning): SignedComment {
  const any = FINGERPRINT_PATTERN.exec(body);
  if (any === null) return { kind: "none" };
  const match = SIGNED_MARKER.exec(body);
  if (match === null)
    return { kind: "unverified", reason: ANY_SIGNED_MARKER.test(body) ? "invalid" : "unsigned" };
  const fields = match[1]!;
  const content = body.slice(0, match.index);
  if (!macMatches(signing, fields, normal(content), match[2]!))
    return { kind: "unverified", reason: "invalid" };
  return { kind: "signed", fields, content: normal(content) };
}
