import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { ContentIdentity } from "./review-record.ts";

/** Bytes hashed at once: the size of the buffer a hash reads into. */
export const HASH_CHUNK_BYTES = 64 * 1024;

/**
 * The content id of a local file, streamed (media can be gigabytes): for `git-blob`, the SHA-1
 * of `blob <size>\0` and the bytes, which is the blob sha Git and GitHub give the same content
 * (`git hash-object`); for `sha256`, the SHA-256 of the bytes. Reads into `buffer` when given
 * (a caller hashing many files passes the same one each time: a buffer per file is external
 * memory that the garbage collector reclaims only in batches of many megabytes).
 */
export async function fileContentId(
  path: string,
  identity: ContentIdentity,
  buffer: Buffer = Buffer.allocUnsafe(HASH_CHUNK_BYTES),
): Promise<string> {
  const handle = await open(path, "r");
  try {
    const hash = createHash(identity === "git-blob" ? "sha1" : "sha256");
    if (identity === "git-blob") {
      // The header's size and the bytes come from the same open file.
      const { size } = await handle.stat();
      hash.update(`blob ${size}\0`);
    }
    // One buffer, read into again and again: a read stream allocates a new one per chunk.
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
    return hash.digest("hex");
  } finally {
    await handle.close();
  }
}
