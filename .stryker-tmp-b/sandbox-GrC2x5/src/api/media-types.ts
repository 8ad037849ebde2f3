/**
 * The media-type table: extension to MIME type, category and size limit.
 * One place for the spec's part 8 rules 5 and 6; everything else derives from it.
 */
// @ts-nocheck


/** The five categories of part 8 rule 5 (text is the client-side extra). */
export type MediaCategory = "video" | "audio" | "image" | "document" | "text";

const MB = 1_000_000;
const GB = 1_000_000_000;

/** Maximum bytes per category (part 8 rule 5). Decimal units, as the spec writes them. */
export const CATEGORY_SIZE_LIMITS: Readonly<Record<MediaCategory, number>> = Object.freeze({
  video: 5 * GB,
  audio: 500 * MB,
  image: 50 * MB,
  document: 100 * MB,
  text: 100 * MB,
});

/** One row of the media-type table. */
export interface MediaType {
  readonly mimeType: string;
  readonly category: MediaCategory;
  readonly extensions: readonly string[];
}

/** Every content type of part 8 rule 6, with the file extensions that map to it. */
export const MEDIA_TYPES: readonly MediaType[] = Object.freeze([
  { mimeType: "video/mp4", category: "video", extensions: [".mp4", ".m4v"] },
  { mimeType: "video/quicktime", category: "video", extensions: [".mov", ".qt"] },
  { mimeType: "video/x-msvideo", category: "video", extensions: [".avi"] },
  { mimeType: "video/x-matroska", category: "video", extensions: [".mkv"] },
  { mimeType: "audio/mpeg", category: "audio", extensions: [".mp3", ".mpga"] },
  { mimeType: "audio/wav", category: "audio", extensions: [".wav"] },
  { mimeType: "audio/x-wav", category: "audio", extensions: [] },
  { mimeType: "audio/aac", category: "audio", extensions: [".aac"] },
  { mimeType: "audio/ogg", category: "audio", extensions: [".ogg", ".oga"] },
  { mimeType: "image/jpeg", category: "image", extensions: [".jpg", ".jpeg"] },
  { mimeType: "image/png", category: "image", extensions: [".png"] },
  { mimeType: "image/gif", category: "image", extensions: [".gif"] },
  { mimeType: "image/webp", category: "image", extensions: [".webp"] },
  { mimeType: "image/svg+xml", category: "image", extensions: [".svg"] },
  { mimeType: "application/pdf", category: "document", extensions: [".pdf"] },
  { mimeType: "application/msword", category: "document", extensions: [".doc"] },
  {
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    category: "document",
    extensions: [".docx"],
  },
  { mimeType: "text/plain", category: "text", extensions: [".txt", ".text", ".md"] },
] satisfies MediaType[]);

const BY_EXTENSION: ReadonlyMap<string, MediaType> = new Map(
  MEDIA_TYPES.flatMap((type) => type.extensions.map((ext) => [ext, type] as const)),
);
const BY_MIME: ReadonlyMap<string, MediaType> = new Map(
  MEDIA_TYPES.map((type) => [type.mimeType, type] as const),
);

/** Every supported extension, lower-case with the dot, e.g. `.mp4`. */
export const SUPPORTED_EXTENSIONS: readonly string[] = Object.freeze([...BY_EXTENSION.keys()]);

function extensionOf(filename: string): string {
  const base = filename.slice(filename.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot).toLowerCase();
}

/** The media type for a filename, by extension; `undefined` when the extension is not supported. */
export function mediaTypeForFilename(filename: string): MediaType | undefined {
  return BY_EXTENSION.get(extensionOf(filename));
}

/** The media type for a MIME type (parameters such as `; charset=` are ignored). */
export function mediaTypeForMime(mimeType: string): MediaType | undefined {
  return BY_MIME.get(mimeType.split(";")[0]!.trim().toLowerCase());
}

/** The size limit in bytes for a MIME type, or `undefined` when the type is not supported. */
export function sizeLimitForMime(mimeType: string): number | undefined {
  const type = mediaTypeForMime(mimeType);
  return type ? CATEGORY_SIZE_LIMITS[type.category] : undefined;
}
