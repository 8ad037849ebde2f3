// @ts-nocheck
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { ContentIdentity } from "./review-record.ts";

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
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk);
    return hash.digest("hex");
  } finally {
    await handle.close();
  }
}
