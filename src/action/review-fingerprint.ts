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

/** The check part of the marker, to find every comment of one check. */
export function checkFingerprint(checkName: string): string {
  return `<!-- ${FINGERPRINT_PREFIX} check=${hash(checkName)} `;
}

/** Marker text showing a comment was already marked outdated. */
export const OUTDATED_MARKER = "<!-- content-review:outdated -->";
