import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFileBytes, UPLOAD_CHUNK_BYTES } from "../../src/api/send-file-bytes.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "send-file-bytes-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Bytes that differ from chunk to chunk, so that a reused buffer overwritten too early shows. */
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + Math.floor(i / 997)) & 0xff;
  return bytes;
}

/**
 * A destination that takes its time: it reads each chunk only when it finishes writing it,
 * milliseconds later, as a slow socket does; it counts the distinct memory it was handed.
 */
function slowDestination() {
  const hash = createHash("sha256");
  const memory = new Set<ArrayBufferLike>();
  let bytes = 0;
  const destination = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      memory.add(chunk.buffer);
      setTimeout(() => {
        hash.update(chunk);
        bytes += chunk.length;
        callback();
      }, 2);
    },
  });
  return { destination, memory, digest: () => hash.digest("hex"), bytes: () => bytes };
}

describe("sendFileBytes", () => {
  it("sendFileBytes sends a file of many chunks from the same two buffers, unchanged", async () => {
    const size = 40 * UPLOAD_CHUNK_BYTES + 123;
    const content = pattern(size);
    const path = join(dir, "many-chunks.bin");
    await writeFile(path, content);
    const sink = slowDestination();
    const progress: number[] = [];
    await sendFileBytes(path, size, sink.destination, (sent) => progress.push(sent));
    expect(sink.bytes()).toBe(size);
    expect(sink.digest()).toBe(createHash("sha256").update(content).digest("hex"));
    // A read stream hands over new memory for every chunk: 41 here.
    expect(sink.memory.size).toBeLessThanOrEqual(2);
    expect(progress).toHaveLength(41);
    expect(progress.at(-1)).toBe(size);
  });

  it("sendFileBytes holds buffers no larger than a small file", async () => {
    const path = join(dir, "small.txt");
    await writeFile(path, "Clinically proven.");
    const sink = slowDestination();
    await sendFileBytes(path, 18, sink.destination);
    expect([...sink.memory].map((m) => m.byteLength)).toEqual([18]);
  });

  it("sendFileBytes rejects when the destination closes before the bytes are sent", async () => {
    const path = join(dir, "closed.bin");
    await writeFile(path, pattern(4 * UPLOAD_CHUNK_BYTES));
    const destination = new Writable({
      write(_chunk, _encoding, callback) {
        // Storage answered early and closed the connection: this write never completes.
        destination.destroy();
        callback();
      },
    });
    await expect(sendFileBytes(path, 4 * UPLOAD_CHUNK_BYTES, destination)).rejects.toThrow();
  });

  it("sendFileBytes rejects a file shorter than its size, saying to upload it again", async () => {
    const path = join(dir, "short.bin");
    await writeFile(path, pattern(10));
    const sink = slowDestination();
    await expect(sendFileBytes(path, 20, sink.destination)).rejects.toThrow(/upload it again/);
  });
});
