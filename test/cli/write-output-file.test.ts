import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CliUsageError } from "../../src/cli/cli-usage-error.ts";
import { checkOutputFile, writeOutputFile } from "../../src/cli/write-output-file.ts";

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

describe("checkOutputFile: a path the report could never be written to is one usage error", () => {
  it.runIf(process.platform === "linux")(
    "checkOutputFile refuses /proc/x/y at once: Node's recursive mkdir loops there for ever",
    async () => {
      const error = await checkOutputFile(dir, "/proc/x/y").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CliUsageError);
      expect((error as Error).message).toBe(
        "Cannot write /proc/x/y: its folder cannot be created there (the file system refuses new folders); choose a path in a folder you can write to.",
      );
    },
    5_000,
  );

  it("checkOutputFile says that a parent is a file, naming it (not 'it already exists')", async () => {
    await mkdir(join(dir, "media"));
    await writeFile(join(dir, "media", "ad.txt"), "copy\n");
    const error = await checkOutputFile(dir, "media/ad.txt/report.xml").catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `Cannot write media/ad.txt/report.xml: part of its folder path (${join(dir, "media", "ad.txt")}) is a file, not a folder; choose another path.`,
    );
  });

  it("checkOutputFile refuses a path over 4,096 characters as too long, in one line", async () => {
    const long = `${"d/".repeat(2100)}report.xml`;
    const error = await checkOutputFile(dir, long).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliUsageError);
    expect((error as Error).message).toMatch(
      /^Cannot write d\/d\/.*report\.xml: the path is too long \(the system takes 4,095 characters, and 255 per name\); choose a shorter path\.$/,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
