// @ts-nocheck
import type { MediaCategory } from "../../src/api/index.ts";

/**
 * The credit formula, as data (documented in docs/emulator.md). Each category is priced by
 * one metric measured on the uploaded bytes (part 4.2 rule 2); the charge at submission is
 * the same figure.
 */
export const CREDIT_RATES = Object.freeze({
  /** Credits per started minute of video. */
  videoPerMinute: 10,
  /** Credits per started minute of audio. */
  audioPerMinute: 2,
  /** Credits per PDF page. */
  documentPerPage: 1,
  /** Flat credits per image. */
  imageFlat: 3,
  /** Credits per started 10,000 bytes of text. */
  textPer10kBytes: 1,
});

/** The metric each category is measured by. */
export const METRIC_BY_CATEGORY: Readonly<Record<MediaCategory, string>> = Object.freeze({
  video: "durationSeconds",
  audio: "durationSeconds",
  document: "pages",
  image: "images",
  text: "bytes",
});

/** Credits for one measured file; every priceable file costs at least 1 credit. */
export function creditsFor(category: MediaCategory, metricValue: number): number {
  switch (category) {
    case "video":
      return Math.max(1, Math.ceil(metricValue / 60) * CREDIT_RATES.videoPerMinute);
    case "audio":
      return Math.max(1, Math.ceil(metricValue / 60) * CREDIT_RATES.audioPerMinute);
    case "document":
      return Math.max(1, metricValue * CREDIT_RATES.documentPerPage);
    case "image":
      return CREDIT_RATES.imageFlat;
    case "text":
      return Math.max(1, Math.ceil(metricValue / 10_000) * CREDIT_RATES.textPer10kBytes);
  }
}
