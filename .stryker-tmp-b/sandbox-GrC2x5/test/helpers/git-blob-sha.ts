// @ts-nocheck
import { createHash } from "node:crypto";

/**
 * The Git blob sha of `content` (`git hash-object`), as GitHub lists it: written here apart from
 * the Action's hashing, so that the two cannot share a mistake.
 */
export function gitBlobSha(content: string): string {
  const bytes = Buffer.from(content, "utf8");
  return createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest("hex");
}
