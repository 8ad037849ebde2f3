// @ts-nocheck
import { describe, expect, it } from "vitest";
import {
  CATEGORY_SIZE_LIMITS,
  MEDIA_TYPES,
  mediaTypeForFilename,
  mediaTypeForMime,
  SUPPORTED_EXTENSIONS,
  sizeLimitForMime,
} from "../../src/api/index.ts";

// Part 8 rule 6, verbatim: the client-side allowlist.
const SPEC_TYPES = [
  "video/mp4",
  "video/quicktime",
  "video/x-msvideo",
  "video/x-matroska",
  "audio/mpeg",
  "audio/wav",
  "audio/x-wav",
  "audio/aac",
  "audio/ogg",
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/plain",
];

describe("media types", () => {
  it("MEDIA_TYPES lists exactly the content types of part 8 rule 6", () => {
    expect(MEDIA_TYPES.map((t) => t.mimeType).sort()).toEqual([...SPEC_TYPES].sort());
  });

  it.each([
    ["video", 5_000_000_000],
    ["audio", 500_000_000],
    ["image", 50_000_000],
    ["document", 100_000_000],
    ["text", 100_000_000],
  ] as const)("CATEGORY_SIZE_LIMITS.%s is %i bytes (part 8 rule 5)", (category, bytes) => {
    expect(CATEGORY_SIZE_LIMITS[category]).toBe(bytes);
  });

  it.each([
    ["clip.MP4", "video/mp4", "video"],
    ["dir/sub/take.mov", "video/quicktime", "video"],
    ["song.mp3", "audio/mpeg", "audio"],
    ["voice.wav", "audio/wav", "audio"],
    ["photo.JPEG", "image/jpeg", "image"],
    ["logo.svg", "image/svg+xml", "image"],
    ["brief.pdf", "application/pdf", "document"],
    [
      "brief.docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "document",
    ],
    ["copy.txt", "text/plain", "text"],
    ["ad__sandbox_pass__.pdf", "application/pdf", "document"],
  ])("mediaTypeForFilename(%s) is %s (%s)", (name, mime, category) => {
    expect(mediaTypeForFilename(name)).toMatchObject({ mimeType: mime, category });
  });

  it.each(["archive.zip", "noextension", ".pdf", "script.js"])(
    "mediaTypeForFilename(%s) is undefined",
    (name) => {
      expect(mediaTypeForFilename(name)).toBeUndefined();
    },
  );

  it("mediaTypeForMime ignores parameters and case", () => {
    expect(mediaTypeForMime("Text/Plain; charset=utf-8")?.category).toBe("text");
    expect(sizeLimitForMime("image/png")).toBe(50_000_000);
    expect(sizeLimitForMime("application/zip")).toBeUndefined();
  });

  it("SUPPORTED_EXTENSIONS covers every type that has extensions", () => {
    for (const type of MEDIA_TYPES)
      for (const ext of type.extensions) expect(SUPPORTED_EXTENSIONS).toContain(ext);
  });
});
