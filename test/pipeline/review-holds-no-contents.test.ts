import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";

const probe = fileURLToPath(new URL("../helpers/review-contents-probe.ts", import.meta.url));
const FILES = 60;

let emu: EmulatorHandle;
let dir: string;
const paths: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, processingSeconds: 0 });
  dir = await mkdtemp(join(tmpdir(), "content-review-contents-"));
  for (let i = 0; i < FILES; i++) {
    const path = join(dir, `asset-${i}.txt`);
    // 100 KB each, so that contents would show: 6 MB for the whole review.
    await writeFile(path, `Act now, this offer ends soon. Asset ${i}.\n`.padEnd(100_000, "."));
    paths.push(path);
  }
});

afterAll(async () => {
  await emu?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("a review of many files", () => {
  it("holds none of the buffers their contents went through once it is done, though it holds its outcome", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--expose-gc",
      probe,
      emu.baseUrl,
      emu.liveKey,
      ...paths,
    ]);
    const result = JSON.parse(stdout) as {
      status: string;
      reviewed: number;
      followed: number;
      alive: number;
    };
    expect(result.status).toBe("completed");
    expect(result.reviewed).toBe(FILES);
    // The probe did follow the buffers: the hashes' and the uploads', at least.
    expect(result.followed).toBeGreaterThanOrEqual(4);
    expect(result.alive).toBe(0);
  });
});
