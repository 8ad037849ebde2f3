// @ts-nocheck
import { open, readFile } from "node:fs/promises";
import { parseFile } from "music-metadata";
import { CATEGORY_SIZE_LIMITS, type MediaCategory, mediaTypeForMime } from "../../src/api/index.ts";
import { creditsFor, METRIC_BY_CATEGORY } from "../pricing/credit-formula.ts";
import type { Measurement } from "../state/emulator-state.ts";
import { aviDuration } from "./avi-duration.ts";
import { imageDimensions } from "./image-dimensions.ts";
import { quicktimeDuration } from "./quicktime-duration.ts";
import { readPdf } from "./read-pdf.ts";
import { svgText } from "./svg-text.ts";

/** Text of a file for the review rules: one entry per page (PDF) or one entry (text, SVG). */
export interface MediaContent {
  readonly measurement: Measurement;
  readonly pages: readonly string[];
}

/** The review reads at most this much text; pricing still counts every byte. */
const MAX_TEXT_BYTES = 5_000_000;

function unreadable(category: MediaCategory, mimeType: string, reason: string): Measurement {
  return {
    priceable: false,
    assetType: category,
    mimeType,
    metric: null,
    credits: 0,
    facts: {},
    unreadableReason: reason,
  };
}

function priced(
  category: MediaCategory,
  mimeType: string,
  value: number,
  facts: Record<string, number | string>,
): Measurement {
  return {
    priceable: true,
    assetType: category,
    mimeType,
    metric: { name: METRIC_BY_CATEGORY[category], value },
    credits: creditsFor(category, value),
    facts,
    unreadableReason: null,
  };
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Measures a stored file: the pricing metric of its category (part 4.2), the facts the review
 * rules check, and its text. Never throws for bad content: that gives `priceable: false`.
 */
export async function measureMedia(
  path: string,
  mimeType: string,
  size: number,
): Promise<MediaContent> {
  const type = mediaTypeForMime(mimeType);
  if (!type)
    return { measurement: unreadable("document", mimeType, "unsupported type"), pages: [] };
  const { category } = type;
  try {
    switch (category) {
      case "video":
      case "audio":
        return { measurement: await measureTimed(path, category, type.mimeType, size), pages: [] };
      case "image": {
        const head = await readHead(path, Math.min(size, 256 * 1024));
        const dims = imageDimensions(type.mimeType, head);
        if (!dims)
          return {
            measurement: unreadable(category, type.mimeType, "no readable image header"),
            pages: [],
          };
        const text = type.mimeType === "image/svg+xml" ? [svgText(head.toString("utf8"))] : [];
        return {
          measurement: priced(category, type.mimeType, 1, { ...dims, bytes: size }),
          pages: text,
        };
      }
      case "document": {
        if (type.mimeType !== "application/pdf") {
          // Not a broken file: the emulator only counts pages of PDFs, so Word files are unpriced.
          return {
            measurement: { ...unreadable(category, type.mimeType, ""), unreadableReason: null },
            pages: [],
          };
        }
        if (size > CATEGORY_SIZE_LIMITS.document) throw new Error("too large");
        const pdf = await readPdf(await readFile(path));
        return {
          measurement: priced(category, type.mimeType, pdf.pages, {
            pages: pdf.pages,
            bytes: size,
          }),
          pages: pdf.text,
        };
      }
      case "text": {
        const head = await readHead(path, Math.min(size, MAX_TEXT_BYTES));
        return {
          measurement: priced(category, type.mimeType, size, { bytes: size }),
          pages: [head.toString("utf8")],
        };
      }
    }
  } catch (error) {
    return {
      measurement: unreadable(category, type.mimeType, (error as Error).message || "unreadable"),
      pages: [],
    };
  }
}

async function measureTimed(
  path: string,
  category: "video" | "audio",
  mimeType: string,
  size: number,
): Promise<Measurement> {
  let duration: number | undefined;
  let container = mimeType.split("/")[1] ?? mimeType;
  const facts: Record<string, number | string> = { bytes: size };
  if (mimeType === "video/mp4" || mimeType === "video/quicktime") {
    const file = await open(path, "r");
    try {
      duration = await quicktimeDuration(file, size);
    } finally {
      await file.close();
    }
  } else if (mimeType === "video/x-msvideo") {
    duration = aviDuration(await readHead(path, Math.min(size, 64 * 1024)));
    container = "avi";
  } else {
    const meta = await parseFile(path, { duration: true, skipCovers: true });
    duration = meta.format.duration;
    container = meta.format.container ?? container;
    if (meta.format.sampleRate) facts.sampleRate = meta.format.sampleRate;
  }
  if (duration === undefined || !Number.isFinite(duration)) {
    return unreadable(category, mimeType, "no readable duration in the container");
  }
  const rounded = Math.round(duration * 1000) / 1000;
  return priced(category, mimeType, rounded, { ...facts, durationSeconds: rounded, container });
}
