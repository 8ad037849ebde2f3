// @ts-nocheck
import { isUuid, uuidFromName } from "../state/ids.ts";

/** A reviewer as issues name it: sidekick ids that are not UUIDs get a stable derived UUID. */
export function sidekickFor(
  sidekickIds: readonly string[],
  index: number,
): { id: string; name: string } {
  const raw = sidekickIds[index % Math.max(1, sidekickIds.length)] ?? "default";
  return {
    id: isUuid(raw) ? raw : uuidFromName(`sidekick:${raw}`),
    name: `Emulator reviewer ${raw}`,
  };
}
