import { resolve } from "node:path";
import { mediaTypeForFilename } from "../api/index.ts";
import { matchPatterns } from "./match-patterns.ts";

/**
 * The changed paths of a supported type that the patterns leave out only because of case
 * (`ad.Txt` under `**\/*.txt`): the service would review them, so the run warns rather than
 * pass them by in silence.
 */
export function findCaseMismatches(
  changed: readonly string[],
  patterns: readonly string[],
  workspace: string,
): string[] {
  const exact = matchPatterns(patterns, workspace);
  const anyCase = matchPatterns(patterns, workspace, { nocase: true });
  return changed.filter((path) => {
    const absolute = resolve(workspace, path);
    return mediaTypeForFilename(path) !== undefined && !exact(absolute) && anyCase(absolute);
  });
}
