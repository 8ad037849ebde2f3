/** Text gathered before a chunk is given out: small pieces are joined, large ones are not split. */
const CHUNK_CHARS = 64 * 1024;

/** Containers this deep or deeper are written whole; shallower ones element by element. */
const SPLIT_DEPTH = 4;

function isPlainContainer(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/** JSON.stringify's text for `value` at nesting `depth`, two spaces per level. */
function whole(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2) ?? "null";
  // Strings in JSON text never hold a raw line break, so every one starts a line to indent.
  return depth === 0 ? text : text.replaceAll("\n", `\n${"  ".repeat(depth)}`);
}

function* pieces(value: unknown, depth: number): Generator<string> {
  if (depth >= SPLIT_DEPTH || !isPlainContainer(value)) {
    yield whole(value, depth);
    return;
  }
  const inner = "  ".repeat(depth + 1);
  const array = Array.isArray(value);
  // What JSON.stringify keeps: an object drops undefined, functions and symbols; an array writes null.
  const entries: [string, unknown][] = array
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value).filter(
        ([, v]) => v !== undefined && typeof v !== "function" && typeof v !== "symbol",
      );
  if (entries.length === 0) {
    yield array ? "[]" : "{}";
    return;
  }
  yield array ? "[\n" : "{\n";
  for (let i = 0; i < entries.length; i++) {
    const [key, v] = entries[i]!;
    yield array ? inner : `${inner}${JSON.stringify(key)}: `;
    const kept = array && (v === undefined || typeof v === "function" || typeof v === "symbol");
    yield* pieces(kept ? null : v, depth + 1);
    yield i === entries.length - 1 ? "\n" : ",\n";
  }
  yield `${"  ".repeat(depth)}${array ? "]" : "}"}`;
}

/**
 * The text of `JSON.stringify(value, null, 2)` and a final line break, given out in chunks of
 * about 64 K characters: the outer objects and arrays are written one member at a time, so a
 * report of thousands of files is never one string of tens of megabytes (nor a buffer of it).
 * Joined, the chunks are exactly that text.
 */
export function* prettyJsonChunks(value: unknown): Generator<string> {
  let pending = "";
  for (const piece of pieces(value, 0)) {
    pending += piece;
    if (pending.length >= CHUNK_CHARS) {
      yield pending;
      pending = "";
    }
  }
  yield `${pending}\n`;
}
