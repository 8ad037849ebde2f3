import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HASH_CHUNK_BYTES } from "../../src/pipeline/file-content-id.ts";
import { fileContentId, identifyFiles } from "../../src/pipeline/index.ts";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "content-id-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const CONTENTS: [string, Buffer][] = [
  ["text", Buffer.from("Clinically proven and guaranteed.\n")],
  ["one byte", Buffer.from("x")],
  ["binary with NUL bytes", Buffer.from([0, 1, 2, 255, 0, 10, 13, 0])],
  // Larger than one read chunk (64 KiB), so the hash runs over several chunks.
  ["200 KiB", Buffer.alloc(200 * 1024, 0x5a)],
];

describe("fileContentId", () => {
  it.each(CONTENTS)(
    "fileContentId gives a %s file the blob sha of git hash-object",
    async (name, bytes) => {
      const path = join(dir, `${name.replace(/\W/g, "-")}.bin`);
      await writeFile(path, bytes);
      const git = execFileSync("git", ["hash-object", "--no-filters", path], { encoding: "utf8" });
      expect(await fileContentId(path, "git-blob")).toBe(git.trim());
    },
  );

  it.each(CONTENTS)(
    "fileContentId gives a %s file the SHA-256 of sha256sum",
    async (name, bytes) => {
      const path = join(dir, `${name.replace(/\W/g, "-")}.sha`);
      await writeFile(path, bytes);
      const sum = execFileSync("sha256sum", [path], { encoding: "utf8" }).split(" ")[0];
      expect(await fileContentId(path, "sha256")).toBe(sum);
    },
  );

  it("fileContentId rejects a file that does not exist", async () => {
    await expect(fileContentId(join(dir, "missing.txt"), "git-blob")).rejects.toMatchObject({
      code: "ENOENT",
    });
  });
});

describe("identifyFiles", () => {
  it("hashes many files through the same few buffers, and gives each file the id of its bytes", async () => {
    const files = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const path = join(dir, `many-${i}.txt`);
        await writeFile(path, `File ${i}: clinically proven.\n`);
        return { path, displayPath: `many-${i}.txt`, size: 0 };
      }),
    );
    let hashBuffers = 0;
    for (const name of ["allocUnsafe", "allocUnsafeSlow"] as const) {
      const original = Buffer[name];
      vi.spyOn(Buffer, name).mockImplementation((size: number) => {
        if (size === HASH_CHUNK_BYTES) hashBuffers += 1;
        return original.call(Buffer, size);
      });
    }
    let identified: Awaited<ReturnType<typeof identifyFiles>>;
    try {
      identified = await identifyFiles(files, "sha256");
    } finally {
      vi.restoreAllMocks();
    }
    // One buffer per hash at once (four), never one per file.
    expect(hashBuffers).toBeGreaterThan(0);
    expect(hashBuffers).toBeLessThanOrEqual(4);
    expect(identified.map((f) => f.contentId)).toEqual(
      await Promise.all(files.map((f) => fileContentId(f.path, "sha256"))),
    );
  });
});
