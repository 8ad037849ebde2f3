import { createHash } from "node:crypto";

/** Prefix of the hidden marker every file comment carries. */
export const FINGERPRINT_PREFIX = "content-review:file";

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/**
 * The fields of the hidden marker of the comment about `path` (and `line`, for a line comment)
 * from the check `checkName`: `check=<hash> path=<hash>[ line=N]`. They let a re-run find its
 * own earlier comment instead of posting again. Only hashes go in, so no file name has to be
 * escaped; anyone can compute them, so they identify a comment but prove nothing: the marker
 * also carries a signature (see `signComment`).
 */
export function fingerprintFields(checkName: string, path: string, line?: number): string {
  return `${fileFields(checkName, path)}${line === undefined ? "" : ` line=${line}`}`;
}

/**
 * The fields that name the check and the file, which every comment about `path` (file or line)
 * starts with: a comment's marker must name the file GitHub lists the comment on.
 */
export function fileFields(checkName: string, path: string): string {
  return `${checkField(checkName)} path=${hash(path)}`;
}

/** Finds a comment's marker (file or line, signed or not) in its body. */
export const FINGERPRINT_PATTERN = new RegExp(`<!-- ${FINGERPRINT_PREFIX} [^>]*-->`);

/** The first of the marker's fields, which names the check. */
export function checkField(checkName: string): string {
  return `check=${hash(checkName)}`;
}

/** The check part of the marker, to find every comment of one check. */
export function checkFingerprint(checkName: string): string {
  return `<!-- ${FINGERPRINT_PREFIX} ${checkField(checkName)} `;
}

/** Marker text showing a comment was already marked outdated. */
export const OUTDATED_MARKER = "<!-- content-review:outdated -->";

/**
 * Marker text, right after {@link OUTDATED_MARKER}, of an outdated comment whose thread GitHub
 * refused to resolve: a later run resolves it once it can, then takes the marker out. A thread
 * a person opens again after the Action resolved it carries none, and stays open.
 */
export const RESOLVE_PENDING_MARKER = "<!-- content-review:resolve-pending -->";
