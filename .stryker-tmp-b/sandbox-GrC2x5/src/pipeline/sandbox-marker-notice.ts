// @ts-nocheck
import { SANDBOX_MARKERS } from "../api/index.ts";
import { plural } from "../policy/index.ts";

/** File names a notice lists before it says "and N more". */
const NAMES_SHOWN = 10;

/**
 * The warning for files skipped in sandbox because their names carry no marker: it names them
 * and lists the six markers (part 4.14 rule 1). Plain text, for logs; reports escape it.
 */
export function sandboxMarkerNotice(paths: readonly string[]): string {
  const shown = paths.slice(0, NAMES_SHOWN).join(", ");
  const more = paths.length > NAMES_SHOWN ? ` and ${paths.length - NAMES_SHOWN} more` : "";
  const verb = paths.length === 1 ? "has" : "have";
  return `${plural(paths.length, "file")} ${verb} no sandbox marker in the name and ${paths.length === 1 ? "was" : "were"} skipped: ${shown}${more}. A sandbox key (sk_test_) reviews only files whose names contain one of ${SANDBOX_MARKERS.join(", ")}.`;
}
