/**
 * Magic-number checks: does the start of a file look like its declared MIME type?
 * Used by submission creation for the 415 "not matching the file" case (part 7).
 */
// @ts-nocheck


function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString("latin1");
}

function isMp3(b: Buffer): boolean {
  return ascii(b, 0, 3) === "ID3" || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);
}

function looksLikeText(b: Buffer): boolean {
  if (b.includes(0)) return false;
  // Rejects bytes that are not valid UTF-8 (allowing a sequence cut at the end of the sample).
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(b);
  const bad = decoded.slice(0, -4).includes("\uFFFD");
  return !bad;
}

/** One check per MIME type of part 8 rule 6; each takes the first bytes of the file. */
const CHECKS: Readonly<Record<string, (b: Buffer) => boolean>> = Object.freeze({
  "video/mp4": (b) => ascii(b, 4, 8) === "ftyp",
  "video/quicktime": (b) =>
    ["ftyp", "moov", "mdat", "wide", "free", "skip"].includes(ascii(b, 4, 8)),
  "video/x-msvideo": (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "AVI ",
  "video/x-matroska": (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
  "audio/mpeg": isMp3,
  "audio/wav": (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WAVE",
  "audio/x-wav": (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WAVE",
  "audio/aac": (b) => ascii(b, 0, 4) === "ADIF" || (b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0),
  "audio/ogg": (b) => ascii(b, 0, 4) === "OggS",
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  "image/gif": (b) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a",
  "image/webp": (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP",
  "image/svg+xml": (b) => looksLikeText(b) && /<svg[\s>]/i.test(b.toString("utf8")),
  "application/pdf": (b) => ascii(b, 0, 1024).includes("%PDF-"),
  "application/msword": (b) => b.subarray(0, 8).equals(Buffer.from("d0cf11e0a1b11ae1", "hex")),
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": (b) =>
    ascii(b, 0, 4) === "PK\u0003\u0004",
  "text/plain": looksLikeText,
});

/** How many leading bytes {@link matchesContentType} needs. */
export const SNIFF_BYTES = 8192;

/** True when `head` (the first bytes of a file) looks like `mimeType`; unknown types never match. */
export function matchesContentType(mimeType: string, head: Buffer): boolean {
  const check = CHECKS[mimeType];
  return check ? check(head) : false;
}
