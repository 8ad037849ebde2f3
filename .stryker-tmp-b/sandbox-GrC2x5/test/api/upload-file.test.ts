// @ts-nocheck
import { execFile } from "node:child_process";
import { mkdtemp, open, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentReviewClient, HttpError, LocalFileError } from "../../src/api/index.ts";
import { TEST_KEY } from "../fixtures/api-responses.ts";
import { type PutStep, startStorageServer } from "../helpers/storage-server.ts";

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "upload-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withStorage<T>(
  steps: PutStep[],
  fn: (s: Awaited<ReturnType<typeof startStorageServer>>, c: ContentReviewClient) => Promise<T>,
) {
  const storage = await startStorageServer(steps);
  const client = new ContentReviewClient({
    apiKey: TEST_KEY,
    baseUrl: storage.baseUrl,
    caller: "test",
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  try {
    return await fn(storage, client);
  } finally {
    await storage.close();
  }
}

describe("uploadFile", () => {
  it("uploadFile streams the file with Content-Length and x-ms-blob-type, and returns the blobPath", async () => {
    const path = join(dir, "claims.txt");
    await writeFile(path, "Clinically proven. Guaranteed results.");
    await withStorage([], async (storage, client) => {
      const progress: number[] = [];
      const uploaded = await client.uploadFile(path, {
        onProgress: (p) => progress.push(p.bytesSent),
      });
      expect(uploaded.blobPath).toMatch(/^[0-9a-f-]{36}\/claims\.txt$/);
      expect(uploaded.assetId).toBe(uploaded.blobPath.split("/")[0]);
      expect(uploaded.contentType).toBe("text/plain");
      expect(storage.puts).toHaveLength(1);
      expect(storage.puts[0]!.headers["content-length"]).toBe("38");
      expect(storage.puts[0]!.headers["x-ms-blob-type"]).toBe("BlockBlob");
      expect(storage.puts[0]!.headers["content-type"]).toBe("text/plain");
      expect(storage.puts[0]!.bytes).toBe(38);
      expect(progress.at(-1)).toBe(38);
    });
  });

  it("uploadFile asks for a fresh URL when storage answers 403 (expired), once", async () => {
    const path = join(dir, "expired.txt");
    await writeFile(path, "hello");
    await withStorage(["expired"], async (storage, client) => {
      await client.uploadFile(path);
      expect(storage.urlRequests()).toBe(2);
      expect(storage.puts.map((p) => p.bytes)).toEqual([5, 5]);
    });
    await withStorage(["expired", "expired"], async (storage, client) => {
      const error = await client.uploadFile(path).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(403);
      expect(storage.urlRequests()).toBe(2);
    });
  });

  it("uploadFile retries a 500 and a reset, re-opening the file each time", async () => {
    const path = join(dir, "flaky.txt");
    await writeFile(path, "0123456789");
    await withStorage(["error500", "reset"], async (storage, client) => {
      await client.uploadFile(path);
      expect(storage.puts.map((p) => p.bytes)).toEqual([10, 10, 10]);
      expect(storage.urlRequests()).toBe(1);
    });
  });

  it("uploadFile never puts a presigned URL or its signature in an error message", async () => {
    const path = join(dir, "secret.txt");
    await writeFile(path, "x");
    await withStorage(
      ["error500", "error500", "error500", "error500", "error500"],
      async (_, client) => {
        const error = (await client.uploadFile(path).catch((e: unknown) => e)) as Error;
        expect(error).toBeInstanceOf(HttpError);
        expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toMatch(
          /secret-signature/,
        );
      },
    );
  });

  it.each([
    ["unsupported-type", "notes.exe", 10],
    ["too-large", "huge.png", 50_000_001],
    ["empty", "empty.pdf", 0],
  ])("uploadFile rejects a %s file before any request", async (problem, name, size) => {
    const path = join(dir, name);
    await writeFile(path, "");
    await truncate(path, size);
    await withStorage([], async (storage, client) => {
      const error = await client.uploadFile(path).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LocalFileError);
      expect((error as LocalFileError).problem).toBe(problem);
      expect(storage.urlRequests()).toBe(0);
    });
  });

  it("uploadFile never reads through a symlink", async () => {
    const target = join(dir, "target.txt");
    const link = join(dir, "link.txt");
    await writeFile(target, "x");
    await symlink(target, link);
    await withStorage([], async (storage, client) => {
      const error = await client.uploadFile(link).catch((e: unknown) => e);
      expect((error as LocalFileError).problem).toBe("symlink");
      expect(storage.urlRequests()).toBe(0);
    });
  });

  it("uploadFile streams a 256 MiB file with a flat heap (under 64 MiB of growth)", async () => {
    const size = 256 * 1024 * 1024;
    const path = join(dir, "big.mp4");
    const handle = await open(path, "w");
    const chunk = Buffer.alloc(8 * 1024 * 1024, 7);
    for (let written = 0; written < size; written += chunk.length) await handle.write(chunk);
    await handle.close();
    const storage = await startStorageServer([]);
    try {
      // The uploader runs in its own process, so only its memory is measured (after forced GCs,
      // heap plus external buffers: a buffering upload would show its 256 MiB there).
      const probe = fileURLToPath(new URL("../helpers/upload-heap-probe.ts", import.meta.url));
      const { stdout } = await run(process.execPath, ["--expose-gc", probe, storage.baseUrl, path]);
      const report = JSON.parse(stdout) as { growth: number; size: number };
      expect(report.size).toBe(size);
      expect(storage.puts[0]!.bytes).toBe(size);
      expect(report.growth).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await storage.close();
    }
    await rm(path);
  });
});
