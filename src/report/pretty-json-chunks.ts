/** Text gathered before a chunk is given out: small pieces are joined, large ones are not split. */
const CHUNK_CHARS = 64 * 1024;

/** Containers this deep or deeper are written whole; shallower ones element by element. */
const SPLIT_DEPTH = 4;

/** An array or plain object that JSON.stringify writes member by member, with no toJSON. */
function isPlainContainer(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/**
 * JSON.stringify's text for the member `key` holding `value`, at nesting `depth`, or undefined
 * where JSON.stringify leaves the member out. The member is stringified inside a holder of its
 * own, so that a toJSON is called with its key, and once, as JSON.stringify calls it.
 */
function member(key: string, value: unknown, depth: number): string | undefined {
  const prefix = `{\n  ${JSON.stringify(key)}: `;
  const text = JSON.stringify({ [key]: value }, null, 2);
  if (text.length === 2) return undefined; // "{}"
  // Strings in JSON text never hold a raw line break, so every one starts a line to indent; the
  // holder indented each by one level.
  return text.slice(prefix.length, -2).replaceAll("\n  ", `\n${"  ".repeat(depth)}`);
}

function* pieces(key: string, value: unknown, depth: number): Generator<string> {
  if (depth >= SPLIT_DEPTH || !isPlainContainer(value)) {
    // What JSON.stringify leaves out of an object (undefined, a function, a symbol, a toJSON
    // that gives one of those), an array writes as null.
    yield member(key, value, depth) ?? "null";
    return;
  }
  const inner = "  ".repeat(depth + 1);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield "[]";
      return;
    }
    yield "[\n";
    // An index loop, not map(): a hole is written as null, as JSON.stringify writes it.
    for (let i = 0; i < value.length; i++) {
      yield inner;
      yield* pieces(String(i), value[i], depth + 1);
      yield i === value.length - 1 ? "\n" : ",\n";
    }
    yield `${"  ".repeat(depth)}]`;
    return;
  }
  let first = true;
  for (const [k, v] of Object.entries(value)) {
    const split = depth + 1 < SPLIT_DEPTH && isPlainContainer(v);
    const text = split ? "" : member(k, v, depth + 1);
    if (!split && text === undefined) continue;
    yield `${first ? "{\n" : ",\n"}${inner}${JSON.stringify(k)}: `;
    first = false;
    if (split) yield* pieces(k, v, depth + 1);
    else yield text!;
  }
  yield first ? "{}" : `\n${"  ".repeat(depth)}}`;
}

/**
 * The text of `JSON.stringify(value, null, 2)` and a final line break, given out in chunks of
 * about 64 K characters: the outer objects and arrays are written one member at a time, so a
 * report of thousands of files is never one string of tens of megabytes (nor a buffer of it).
 * Joined, the chunks are exactly that text (`null` for a value JSON has no text for). A value
 * JSON.stringify throws on (a BigInt, a cycle) throws once the chunks before it are given out.
 */
export function* prettyJsonChunks(value: unknown): Generator<string> {
  let pending = "";
  for (const piece of pieces("", value, 0)) {
    pending += piece;
    if (pending.length >= CHUNK_CHARS) {
      yield pending;
      pending = "";
    }
  }
  yield `${pending}\n`;
}
