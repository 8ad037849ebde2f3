/**
 * docs/cli.md, "From a clone": `npx content-review` and `npm run -s cli` from a folder of the
 * clone, relative paths resolved from that folder; the installed command run outside the clone
 * on a Node of the clone's; and the process edges of the executable (a reader that closes the
 * pipe early). "From a clone, to run anywhere" (npm pack and a global install, about 2 s of
 * npm's CPU) runs with the package's other pack-and-install rehearsals, in
 * run-from-clone.slow.test.ts (npm run test:reliability).
 */
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { bash, blocksUnder, folderInClone, ROOT, readDoc } from "../helpers/docs-shell.ts";
import { campaignMedia, envFor, tempDir } from "./cli-harness.ts";

describe("docs/cli.md: the CLI from a clone", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
    dir = await folderInClone({ samples: true });
  });
  afterAll(async () => {
    await emu.close();
    await dir.remove();
  });

  it("From a clone: each line runs as written from a folder of the clone; paths start there", async () => {
    const [block] = blocksUnder(await readDoc("docs/cli.md"), "From a clone", "sh");
    const lines = block!.trim().split("\n");
    expect(lines[0]).toBe("cd samples");
    const env = envFor(emu, emu.liveKey);
    const version = await bash(`${lines[0]}\n${lines[1]}`, { cwd: dir.path, env });
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    for (const line of lines.slice(2)) {
      const res = await bash(`${lines[0]}\n${line} --poll-interval 0.05`, { cwd: dir.path, env });
      expect(res.code, `${line}\n${res.stderr}`).toBe(1);
      expect(res.stdout).toMatch(/^claims__sandbox_fail__\.txt\s+complete\s+1 critical/m);
      expect(res.stdout).toMatch(/Review failed: 1 issue at or above critical/);
    }
  });

  it("Where the machine's Node is older: the clone's own Node runs the installed command, as written", async () => {
    const [block] = blocksUnder(
      await readDoc("docs/cli.md"),
      "Where the machine's Node is older",
      "sh",
    );
    const outside = await tempDir();
    try {
      const media = await campaignMedia(outside.path);
      // The machine: a `node` older than 24 first on PATH (a stand-in that says so and fails),
      // and content-review linked onto PATH as a global install links it.
      const machine = join(outside.path, "bin");
      await mkdir(machine);
      await writeFile(join(machine, "node"), "#!/bin/sh\necho 'v20.0.0: too old' >&2\nexit 9\n", {
        mode: 0o755,
      });
      await symlink(join(ROOT, "bin", "content-review.js"), join(machine, "content-review"));
      const old = await bash("content-review --version", {
        cwd: media,
        env: { ...envFor(emu, emu.liveKey), PATH: `${machine}:/usr/bin:/bin` },
      });
      expect(old.code).toBe(9);
      const script = block!
        .replace("cd ~/campaign-media", `cd "${media}"`)
        .replace("~/content-review-toolkit/", ROOT.endsWith("/") ? ROOT : `${ROOT}/`);
      const res = await bash(script, {
        cwd: outside.path,
        env: { ...envFor(emu, emu.liveKey), PATH: `${machine}:/usr/bin:/bin` },
      });
      expect(res.stdout).toMatch(/^ads\/claims\.txt\s+complete\s+1 critical/m);
      expect(res.code, res.stderr).toBe(1);
    } finally {
      await outside.remove();
    }
  });

  it("a missing relative path names where it looked: the folder the command was typed in", async () => {
    const res = await bash("cd samples && npm run -s cli -- review nothere.txt", {
      cwd: dir.path,
      env: envFor(emu, emu.liveKey),
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(
      `content-review: nothere.txt does not exist (looked for ${dir.path}/samples/nothere.txt, relative to ${dir.path}/samples). Check the path.\n`,
    );
  });

  // `head -c 0` exits at once: the pipe is closed before the CLI writes a byte, every time.
  it.each([
    ["npx content-review --help", "npx content-review --help | head -c 0"],
    ["npm run -s cli -- --help", "npm run -s cli -- --help | head -c 0"],
  ])(
    "a reader that closes the pipe early (%s) ends quietly with exit 0",
    async (_name, command) => {
      const res = await bash(command, { cwd: dir.path, env: envFor(emu, emu.sandboxKey) });
      // bash -o pipefail: the exit code is content-review's own, not head's.
      expect(res.code).toBe(0);
      expect(res.stdout).toBe("");
      expect(res.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
    },
  );
});
