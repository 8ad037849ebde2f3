/**
 * Block Kit's documented limits for message blocks, as data, and a check that reports the
 * first broken one the way Slack does: `invalid_blocks` with a message naming a JSON pointer.
 * Block types outside this table are refused, as Slack refuses blocks it cannot show in a message.
 */
// @ts-nocheck


/** Most blocks in one message. */
export const MAX_MESSAGE_BLOCKS = 50;
/** Longest `text` of a message (Slack truncates longer ones and refuses past this). */
export const MAX_MESSAGE_TEXT = 40_000;

const MAX_BLOCK_ID = 255;
/**
 * Most characters of text in all of a message's blocks together: past this Slack answers
 * `msg_blocks_too_long`. Seen in practice at about 13,000; Slack does not document the figure.
 */
export const MAX_BLOCKS_TEXT = 13_000;

interface TextLimit {
  readonly field: string;
  readonly max: number;
  readonly types: readonly ("plain_text" | "mrkdwn")[];
  readonly required: boolean;
}

interface BlockRule {
  readonly texts: readonly TextLimit[];
  /** An array field and the most items it may hold. */
  readonly lists?: readonly { field: string; max: number; textMax?: number }[];
  /** At least one of these fields must be present. */
  readonly oneOf?: readonly string[];
}

const ANY_TEXT = ["plain_text", "mrkdwn"] as const;

/** Per block type: its text fields and lists, with Slack's limits. */
export const BLOCK_RULES: Readonly<Record<string, BlockRule>> = Object.freeze({
  section: {
    texts: [{ field: "text", max: 3000, types: ANY_TEXT, required: false }],
    lists: [{ field: "fields", max: 10, textMax: 2000 }],
    oneOf: ["text", "fields"],
  },
  header: { texts: [{ field: "text", max: 150, types: ["plain_text"], required: true }] },
  context: { texts: [], lists: [{ field: "elements", max: 10 }], oneOf: ["elements"] },
  divider: { texts: [] },
  actions: { texts: [], lists: [{ field: "elements", max: 25 }], oneOf: ["elements"] },
  image: { texts: [{ field: "title", max: 2000, types: ["plain_text"], required: false }] },
  rich_text: { texts: [], lists: [{ field: "elements", max: 100 }], oneOf: ["elements"] },
  markdown: { texts: [] },
});

/** A refusal as Slack words it: the error code and one `[ERROR] …` line. */
export interface BlocksProblem {
  readonly error: "invalid_blocks" | "invalid_blocks_format" | "msg_blocks_too_long";
  readonly message: string;
}

function problem(message: string, pointer: string): BlocksProblem {
  return { error: "invalid_blocks", message: `[ERROR] ${message} [json-pointer:${pointer}]` };
}

function checkText(value: unknown, limit: TextLimit, pointer: string): BlocksProblem | null {
  if (value === undefined)
    return limit.required ? problem("missing required field: text", pointer) : null;
  const text = value as { type?: unknown; text?: unknown };
  if (typeof text !== "object" || text === null || typeof text.text !== "string") {
    return problem("must provide an object with type and text", pointer);
  }
  if (!limit.types.includes(text.type as "plain_text")) {
    return problem(`must be one of ${limit.types.join(", ")}`, `${pointer}/type`);
  }
  if (text.text.length === 0) return problem("must be more than 0 characters", `${pointer}/text`);
  if (text.text.length > limit.max) {
    return problem(`must be less than ${limit.max + 1} characters`, `${pointer}/text`);
  }
  return null;
}

/** The characters of text in a value's text objects (a block, a list of blocks). */
function textLength(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + textLength(v), 0);
  if (typeof value !== "object" || value === null) return 0;
  let n = 0;
  for (const [key, v] of Object.entries(value)) {
    n += key === "text" && typeof v === "string" ? v.length : textLength(v);
  }
  return n;
}

/**
 * Checks the `blocks` argument of `chat.postMessage` / `chat.update`: a JSON array (or its
 * string form, as the Web API client sends it) of at most 50 known blocks within their limits.
 * Returns the parsed blocks, or the problem Slack would answer with.
 */
export function validateBlocks(raw: unknown): { blocks: unknown[] } | BlocksProblem {
  let blocks: unknown = raw;
  if (typeof raw === "string") {
    try {
      blocks = JSON.parse(raw);
    } catch {
      return { error: "invalid_blocks_format", message: "[ERROR] blocks is not valid JSON" };
    }
  }
  if (!Array.isArray(blocks)) {
    return { error: "invalid_blocks_format", message: "[ERROR] blocks must be an array" };
  }
  if (blocks.length > MAX_MESSAGE_BLOCKS) {
    return problem(`no more than ${MAX_MESSAGE_BLOCKS} items allowed`, "/blocks");
  }
  const ids = new Set<string>();
  for (const [i, block] of blocks.entries()) {
    const at = `/blocks/${i}`;
    const b = block as Record<string, unknown>;
    if (typeof block !== "object" || block === null) return problem("must be an object", at);
    const rule = typeof b.type === "string" ? BLOCK_RULES[b.type] : undefined;
    if (rule === undefined) return problem(`unsupported type: ${String(b.type)}`, `${at}/type`);
    if (b.block_id !== undefined) {
      if (typeof b.block_id !== "string" || b.block_id.length > MAX_BLOCK_ID) {
        return problem(`must be a string of at most ${MAX_BLOCK_ID} characters`, `${at}/block_id`);
      }
      if (ids.has(b.block_id)) return problem("block_id must be unique", `${at}/block_id`);
      ids.add(b.block_id);
    }
    if (rule.oneOf && !rule.oneOf.some((f) => b[f] !== undefined)) {
      return problem(`must provide ${rule.oneOf.join(" or ")}`, at);
    }
    for (const limit of rule.texts) {
      const found = checkText(b[limit.field], limit, `${at}/${limit.field}`);
      if (found) return found;
    }
    for (const list of rule.lists ?? []) {
      const items = b[list.field];
      if (items === undefined) continue;
      if (!Array.isArray(items) || items.length === 0) {
        return problem("must be a non-empty array", `${at}/${list.field}`);
      }
      if (items.length > list.max) {
        return problem(`no more than ${list.max} items allowed`, `${at}/${list.field}`);
      }
      if (list.textMax === undefined) continue;
      for (const [j, item] of items.entries()) {
        const limit = { field: list.field, max: list.textMax, types: ANY_TEXT, required: true };
        const found = checkText(item, limit, `${at}/${list.field}/${j}`);
        if (found) return found;
      }
    }
  }
  if (textLength(blocks) > MAX_BLOCKS_TEXT) {
    return { error: "msg_blocks_too_long", message: "[ERROR] blocks hold too much text" };
  }
  return { blocks };
}
