import { execFileSync } from "node:child_process";
import {
  chmod,
  chown,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomically } from "../../src/shared/index.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "content-review-atomic-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("writeFileAtomically", () => {
  it("writes a string or chunks, creating the folder, and leaves no temporary file", async () => {
    const file = join(dir, "nested", "report.json");
    await writeFileAtomically(
      file,
      (function* () {
        yield "{\n";
        yield '  "a": 1\n';
        yield "}\n";
      })(),
    );
    expect(await readFile(file, "utf8")).toBe('{\n  "a": 1\n}\n');
    await writeFileAtomically(file, "replaced\n");
    expect(await readFile(file, "utf8")).toBe("replaced\n");
    expect(await readdir(join(dir, "nested"))).toEqual(["report.json"]);
  });

  it("keeps the old file whole and removes the temporary one when the content fails midway", async () => {
    const file = join(dir, "report.json");
    await writeFile(file, "old report\n");
    const failing = (function* () {
      yield "half of a new ";
      throw new Error("rendering failed");
    })();
    await expect(writeFileAtomically(file, failing)).rejects.toThrow("rendering failed");
    expect(await readFile(file, "utf8")).toBe("old report\n");
    expect(await readdir(dir)).toEqual(["report.json"]);
  });

  it("refuses to replace an existing file when exclusive, and keeps it", async () => {
    const file = join(dir, "secret.txt");
    await writeFile(file, "first\n");
    await expect(writeFileAtomically(file, "second\n", { exclusive: true })).rejects.toMatchObject({
      code: "EEXIST",
    });
    expect(await readFile(file, "utf8")).toBe("first\n");
    expect(await readdir(dir)).toEqual(["secret.txt"]);
  });

  it("gives the file the mode asked for", async () => {
    const file = join(dir, "secret.txt");
    await writeFileAtomically(file, "whsec_x\n", { mode: 0o600, exclusive: true });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});

describe("writeFileAtomically, replacing a file", () => {
  // As writeFile in place did: a report a user made private must not become readable by all.
  it.each([0o600, 0o640, 0o755])("keeps the replaced file's mode (%o)", async (mode) => {
    const file = join(dir, "report.json");
    await writeFile(file, "old\n");
    await chmod(file, mode);
    await writeFileAtomically(file, "new\n");
    expect(await readFile(file, "utf8")).toBe("new\n");
    expect((await stat(file)).mode & 0o777).toBe(mode);
  });

  it("gives the mode asked for over the replaced file's", async () => {
    const file = join(dir, "secret.txt");
    await writeFile(file, "old\n");
    await chmod(file, 0o644);
    await writeFileAtomically(file, "new\n", { mode: 0o600 });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  // Only root can give a file to another user, so only root can show that the owner is kept.
  it.runIf(process.getuid?.() === 0)("keeps the replaced file's owner", async () => {
    const file = join(dir, "report.json");
    await writeFile(file, "old\n");
    await chown(file, 65534, 65534);
    await writeFileAtomically(file, "new\n");
    expect(await stat(file)).toMatchObject({ uid: 65534, gid: 65534 });
  });
});

describe("writeFileAtomically, to what is not a plain file", () => {
  it("refuses a folder, naming it and not the temporary file", async () => {
    const folder = join(dir, "reports");
    await mkdir(folder);
    const error = await writeFileAtomically(folder, "new\n").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "EISDIR", path: folder });
    expect((error as Error).message).not.toContain(".tmp");
    expect(await readdir(dir)).toEqual(["reports"]);
  });

  it("writes a file whose name is as long as a name can be", async () => {
    const file = join(dir, `${"r".repeat(250)}.json`);
    await writeFileAtomically(file, "new\n");
    expect(await readFile(file, "utf8")).toBe("new\n");
    expect(await readdir(dir)).toHaveLength(1);
  });

  it("writes through a link to a file not made yet, creating it, and the link stays", async () => {
    const alias = join(dir, "alias.json");
    await symlink(join("out", "real.json"), alias);
    await writeFileAtomically(alias, "new\n");
    expect((await lstat(alias)).isSymbolicLink()).toBe(true);
    expect(await readFile(join(dir, "out", "real.json"), "utf8")).toBe("new\n");
    expect(await readdir(join(dir, "out"))).toEqual(["real.json"]);
  });

  it("writes through a symbolic link, which stays a link", async () => {
    const real = join(dir, "real.json");
    const alias = join(dir, "alias.json");
    await writeFile(real, "old\n");
    await symlink(real, alias);
    await writeFileAtomically(alias, "new\n");
    expect((await lstat(alias)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, "utf8")).toBe("new\n");
  });

  it("writes to a pipe in place (a report to /dev/stdout)", async () => {
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    const read = readFile(fifo, "utf8");
    await writeFileAtomically(fifo, ["chunk one, ", "chunk two\n"]);
    expect(await read).toBe("chunk one, chunk two\n");
    expect((await lstat(fifo)).isFIFO()).toBe(true);
  });
});
