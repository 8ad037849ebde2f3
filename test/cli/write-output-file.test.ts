import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeOutputFile } from "../../src/cli/write-output-file.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "content-review-output-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("writeOutputFile", () => {
  // /dev/full answers every write with ENOSPC, as a full disk does.
  it.runIf(process.platform === "linux")(
    "says that the disk is full, not that the folder may be missing",
    async () => {
      const error = await writeOutputFile(dir, "/dev/full", "report\n").catch((e: unknown) => e);
      expect((error as Error).message).toBe(
        "Cannot write /dev/full: the disk is full; free some space or choose a folder on another disk.",
      );
      expect(error).toMatchObject({ cause: { code: "ENOSPC" } });
    },
  );

  it("names the folder when the path is one, and leaves nothing behind", async () => {
    const error = await writeOutputFile(dir, ".", "report\n").catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      "Cannot write .: it is a folder; name a file inside it instead.",
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
