// @ts-nocheck
import { hasSandboxMarker } from "../api/index.ts";
import type { ReviewFile, SkippedFile } from "./review-outcome.ts";

/** Files split by the sandbox rule: those to go on with, and those skipped for want of a marker. */
export interface MarkerSelection {
  readonly files: ReviewFile[];
  readonly skipped: SkippedFile[];
}

/**
 * The sandbox rule for files the tool found itself (a PR's changed files, a directory, a glob):
 * one without a marker in its name is skipped, since the service would refuse the whole
 * submission for it (part 4.14 rule 1). A file the user named explicitly is kept, so that it
 * fails with the service's own message: a named file gets an error, a discovered one a warning.
 */
export function skipUnmarkedFiles(files: readonly ReviewFile[]): MarkerSelection {
  const kept: ReviewFile[] = [];
  const skipped: SkippedFile[] = [];
  for (const file of files) {
    if (file.discovered !== true || hasSandboxMarker(file.displayPath)) {
      kept.push(file);
      continue;
    }
    skipped.push({
      file,
      reason: "no-sandbox-marker",
      message: `${file.displayPath} has no sandbox marker in its name; a sandbox key reviews only marked files.`,
    });
  }
  return { files: kept, skipped };
}
