import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { ContentIdentity } from "./review-record.ts";

/** Bytes hashed at once. */
const HASH_CHUNK_BYTES = 64 * 1024;

/**
 * The content id of a local file, streamed (media can be gigabytes): for `git-blob`, the SHA-1
 * of `blob <size>\0` and the bytes, which is the blob sha Git and GitHub give the same content
 * (`git hash-object`); for `sha256`, the SHA-256 of the bytes.
 */
export async function fileContentId(path: string, identity: ContentIdentity): Promise<string> {
  const handle = await open(path, "r");
  try {
    const hash = createHash(identity === "git-blob" ? "sha1" : "sha256");
    if (identity === "git-blob") {
      // The header's size and the bytes come from the same open file.
      const { size } = await handle.stat();
      hash.update(`blob ${size}\0`);
    }
    // One buffer, read into again and again: a read stream allocates a new one per chunk.
    const buffer = Buffer.allocUnsafe(HASH_CHUNK_BYTES);
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
