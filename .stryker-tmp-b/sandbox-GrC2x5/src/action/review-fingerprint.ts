// @ts-nocheck
import { createHash } from "node:crypto";

/** Prefix of the hidden marker every file comment carries. */
export const FINGERPRINT_PREFIX = "content-review:file";

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/**
 * The hidden marker of the comment about `path` from the check `checkName`: an HTML comment,
 * invisible on GitHub, that lets a re-run find its own earlier comment instead of posting again.
 * Only hashes go in, so no file name has to be escaped.
 */
export function fileFingerprint(checkName: string, path: string): string {
  return `<!-- ${FINGERPRINT_PREFIX} check=${hash(checkName)} path=${hash(path)} -->`;
}

/** The hidden marker of the line comment about line `line` of `path` from the check `checkName`. */
export function lineFingerprint(checkName: string, path: string, line: number): string {
  return `<!-- ${FINGERPRINT_PREFIX} check=${hash(checkName)} path=${hash(path)} line=${line} -->`;
}

/** Finds a comment's marker (file or line) in its body, to carry it over when the body changes. */
export const FINGERPRINT_PATTERN = new RegExp(`<!-- ${FINGERPRINT_PREFIX} [^>]*-->`);

/** The check part of the marker, to find every comment of one check. */
export function checkFingerprint(checkName: string): string {
  return `<!-- ${FINGERPRINT_PREFIX} check=${hash(checkName)} `;
}

/** Marker text showing a comment was already marked outdated. */
export const OUTDATED_MARKER = "<!-- content-review:outdated -->";
