// @ts-nocheck
import type { AssetTag, TagKeyRecord } from "./emulator-state.ts";

/** The tag filter of part 4.4, as a predicate over an asset's tags. */
export function tagMatcher(
  tagKeys: Readonly<Record<string, TagKeyRecord>>,
  keyIds: readonly string[],
  valueIds: readonly string[],
  mode: "any" | "all",
): (tags: readonly AssetTag[]) => boolean {
  if (mode === "any") {
    const keys = new Set(keyIds);
    const values = new Set(valueIds);
    return (tags) =>
      tags.some((t) => keys.has(t.keyId) || (t.valueId !== null && values.has(t.valueId)));
  }
  // all: each selected key is required; selected values group by their key and any one value of
  // a group satisfies it (two values of one key form a union). A key selected both by id and
  // through values is satisfied by one of those values.
  const keyOfValue = new Map<string, string>();
  for (const record of Object.values(tagKeys))
    for (const v of record.values) keyOfValue.set(v.valueId, record.keyId);
  const valueGroups = new Map<string, Set<string>>();
  for (const valueId of valueIds) {
    const keyId = keyOfValue.get(valueId) ?? `unknown:${valueId}`;
    valueGroups.set(keyId, (valueGroups.get(keyId) ?? new Set()).add(valueId));
  }
  const bareKeys = keyIds.filter((k) => !valueGroups.has(k));
  return (tags) =>
    bareKeys.every((k) => tags.some((t) => t.keyId === k)) &&
    [...valueGroups.values()].every((group) =>
      tags.some((t) => t.valueId !== null && group.has(t.valueId)),
    );
}
