// @ts-nocheck
import { InvalidArgumentError } from "commander";
import { z } from "zod";

/**
 * Parsers for commander arguments and options: pure functions that turn a string into a value
 * or throw `InvalidArgumentError` with what is expected (commander adds which argument it was).
 */

const uuid = z.uuid();

/** A UUID such as a submission, asset, subscription, tag key or tag value id. */
export function parseUuid(value: string): string {
  const trimmed = value.trim();
  if (!uuid.safeParse(trimmed).success) {
    throw new InvalidArgumentError(
      "Expected a UUID such as 123e4567-e89b-12d3-a456-426614174000; copy it from the output of an earlier command.",
    );
  }
  return trimmed;
}

/** Collects a repeatable UUID option into a list. */
export function collectUuid(value: string, previous: readonly string[] = []): string[] {
  return [...previous, parseUuid(value)];
}

/**
 * Collects `{asset-id}/{filename}` blob paths (part 1.1), as `upload` prints them, so that a
 * mistyped one is named here rather than refused by the service as an opaque 403.
 */
export function collectBlobPath(value: string, previous: readonly string[] = []): string[] {
  const trimmed = value.trim();
  const slash = trimmed.indexOf("/");
  const assetId = slash === -1 ? "" : trimmed.slice(0, slash);
  const filename = slash === -1 ? "" : trimmed.slice(slash + 1);
  if (!uuid.safeParse(assetId).success || filename === "" || filename.includes("/")) {
    throw new InvalidArgumentError(
      "Expected a blob path {asset-id}/{filename} as printed by upload, e.g. 6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b/spot.mp4 (in the sandbox, any UUID and a filename with a marker).",
    );
  }
  return [...previous, trimmed];
}

/** Collects a repeatable option into a list, also splitting comma-separated values. */
export function collectList(value: string, previous: readonly string[] = []): string[] {
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  return [...previous, ...items];
}

/**
 * Collects a repeatable option whose values come from `choices`, also comma-separated
 * (`--event a,b` as well as `--event a --event b`); each value is checked.
 */
export function collectChoices<T extends string>(choices: readonly T[]) {
  return (value: string, previous: readonly T[] = []): T[] => {
    const items = collectList(value);
    const wrong = items.filter((item) => !choices.includes(item as T));
    if (items.length === 0 || wrong.length > 0) {
      throw new InvalidArgumentError(
        `${wrong.length > 0 ? `"${wrong.join(", ")}" is not allowed. ` : ""}Allowed: ${choices.join(", ")} (repeat the option or comma-separate).`,
      );
    }
    return [...new Set([...previous, ...(items as T[])])];
  };
}

/** A whole number within `[min, max]`. */
export function intInRange(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || n < min || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `${min} to ${max}`;
      throw new InvalidArgumentError(`Expected a whole number, ${range}.`);
    }
    return n;
  };
}

/** A number of credits: zero or more, fractions allowed. */
export function parseCredits(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0) {
    throw new InvalidArgumentError("Expected a number of credits, 0 or more.");
  }
  return n;
}

/** A tag given as `key=value`, or `key` alone for a plain tag. */
export interface TagOption {
  readonly key: string;
  readonly value?: string;
}

/** Collects repeatable `--tag key=value` options. */
export function collectTag(value: string, previous: readonly TagOption[] = []): TagOption[] {
  const at = value.indexOf("=");
  const key = (at === -1 ? value : value.slice(0, at)).trim();
  const tagValue = at === -1 ? undefined : value.slice(at + 1).trim();
  if (!key || tagValue === "") {
    throw new InvalidArgumentError("Expected key=value, or a key alone for a plain tag.");
  }
  return [...previous, tagValue === undefined ? { key } : { key, value: tagValue }];
}
