// @ts-nocheck
import type { EmulatorContext } from "../context.ts";
import { serviceValidationError } from "../http/api-error.ts";
import type { AssetTag, TagKeyRecord } from "./emulator-state.ts";
import { newId } from "./ids.ts";

/** Finds or creates a tag key of a workspace. */
export function ensureTagKey(
  ctx: EmulatorContext,
  workspaceId: string,
  key: string,
  valuePolicy: "none" | "any",
): TagKeyRecord {
  const existing = Object.values(ctx.state.tagKeys).find(
    (k) => k.workspaceId === workspaceId && k.key === key,
  );
  if (existing) return existing;
  const record: TagKeyRecord = { workspaceId, key, keyId: newId(), valuePolicy, values: [] };
  ctx.state.tagKeys[record.keyId] = record;
  return record;
}

/** Finds or creates a value of a parametrized key. */
export function ensureTagValue(record: TagKeyRecord, value: string): string {
  const existing = record.values.find((v) => v.value === value);
  if (existing) return existing.valueId;
  const valueId = newId();
  record.values.push({ value, valueId });
  return valueId;
}

/**
 * Turns the `tags` of one submitted asset into stored tags (an extension: part 4.3 does not show
 * these fields). Unknown keys are created: plain (`valuePolicy: none`) without a value,
 * parametrized (`any`) with one. A plain tag echoes its key as value (part 2.2).
 */
export function resolveTags(
  ctx: EmulatorContext,
  workspaceId: string,
  inputs: readonly { key: string; value?: string | undefined }[],
  fieldPrefix: string,
): AssetTag[] {
  const problems: { field: string; message: string }[] = [];
  const checked = inputs.map((input, index) => {
    const existing = Object.values(ctx.state.tagKeys).find(
      (k) => k.workspaceId === workspaceId && k.key === input.key,
    );
    if (input.key.trim() === "")
      problems.push({ field: `${fieldPrefix}.${index}.key`, message: "Tag key must not be empty" });
    if (existing?.valuePolicy === "none" && input.value !== undefined) {
      problems.push({
        field: `${fieldPrefix}.${index}.value`,
        message: `Tag key "${input.key}" is plain and takes no value; omit value`,
      });
    }
    if (existing?.valuePolicy === "any" && input.value === undefined) {
      problems.push({
        field: `${fieldPrefix}.${index}.value`,
        message: `Tag key "${input.key}" needs a value`,
      });
    }
    return input;
  });
  if (problems.length > 0) throw serviceValidationError(problems);
  const tags: AssetTag[] = [];
  for (const input of checked) {
    const record = ensureTagKey(
      ctx,
      workspaceId,
      input.key,
      input.value === undefined ? "none" : "any",
    );
    const tag: AssetTag =
      record.valuePolicy === "none"
        ? { keyId: record.keyId, valueId: null, key: record.key, value: record.key, isPlain: true }
        : {
            keyId: record.keyId,
            valueId: ensureTagValue(record, input.value!),
            key: record.key,
            value: input.value!,
            isPlain: false,
          };
    if (!tags.some((t) => t.keyId === tag.keyId && t.valueId === tag.valueId)) tags.push(tag);
  }
  return tags;
}
