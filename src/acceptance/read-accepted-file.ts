import { open } from "node:fs/promises";
import { ACCEPTANCE_POLICY } from "./acceptance-policy.ts";
import type { AcceptedFile } from "./accepted-entry.ts";
import { parseAcceptedFile } from "./parse-accepted-file.ts";

/**
 * Reads and parses the accepted file at `path` (shown as `shown`), or undefined when there is
 * none. Only the first 1 MiB and a byte are read: a larger file is refused whole, unread.
 */
export async function readAcceptedFile(
  path: string,
  shown: string,
  now: Date,
): Promise<AcceptedFile | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`Cannot read the accepted file ${shown}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    const buffer = Buffer.alloc(ACCEPTANCE_POLICY.maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return parseAcceptedText(buffer.subarray(0, bytesRead), shown, now);
  } finally {
    await handle.close();
  }
}

/**
 * Parses the bytes of an accepted file (at most the limit and a byte: more refuses it whole, as
 * {@link parseAcceptedFile} does).
 */
export function parseAcceptedText(bytes: Buffer, shown: string, now: Date): AcceptedFile {
  return parseAcceptedFile(bytes.toString("utf8"), shown, now);
}
