/**
 * docs/cli.md, "From a clone, to run anywhere", as written: npm pack in the clone, a global
 * install of the tarball (into a private prefix here) and a review of media outside the clone.
 * A slow rehearsal (npm's pack and install take about 2 s of CPU), run by npm run
 * test:reliability with the package's other pack-and-install rehearsal (package.slow.test.ts);
 * npm test runs the installed command outside the clone in run-from-clone.test.ts ("Where the
 * machine's Node is older").
 */
import { cp, readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import {
  bash,
  blocksUnder,
  folderInClone,
  ROOT,
  readDoc,
  runProcess,
} from "../helpers/docs-shell.ts";
import { campaignMedia, envFor, tempDir } from "./cli-harness.ts";

describe("docs/cli.md: the CLI from a clone, packed and installed", () => {
  let emu: EmulatorHandle;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
  });
  afterAll(async () => {
    await emu.close();
  });

  it("From a clone, to run anywhere: npm pack, a global install (into a private prefix here) and a review of media outside the clone, as written", async () => {
    const [block] = blocksUnder(
      await readDoc("docs/cli.md"),
      "From a clone, to run anywhere",
      "sh",
    );
    const outside = await tempDir();
    // The clone, as npm pack sees it (package.json and what its `files` lists), in a folder of
    // this test's own: the tarball is made there, and any tarball in the clone's root is the
    // user's, never read or removed here.
    const clone = await folderInClone({ git: true });
    const rootTarballs = async () =>
      (await readdir(ROOT)).filter((f) => /^content-review-toolkit-.*\.tgz$/.test(f)).sort();
    const before = await rootTarballs();
    try {
      const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8"));
      for (const entry of ["package.json", ...(pkg.files as string[])].filter(
        (f) => !f.startsWith("!"),
      ))
        await cp(join(ROOT, entry), join(clone.path, entry), { recursive: true });
      const media = await campaignMedia(outside.path);
      const prefix = join(outside.path, "global");
      const script = block!.replace("cd ~/campaign-media", `cd "${media}"`);
      // npm pack writes into the clone, as the page says (git ignores the tarball).
      const res = await bash(script, {
        cwd: clone.path,
        env: {
          ...envFor(emu, emu.liveKey),
          npm_config_prefix: prefix,
          // A cache of its own, offline: another test's npm (the package test's pack and
          // install) never shares it, and nothing asks the registry. The tarball brings all the
          // global install needs, so the empty cache is enough.
          npm_config_cache: join(outside.path, "npm-cache"),
          npm_config_offline: "true",
          npm_config_update_notifier: "false",
          // The installed commands run on the machine's node: Node 24 first, as the page asks.
          PATH: `${join(prefix, "bin")}:${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
        },
        timeoutMs: 120_000,
      });
      expect(res.stdout).toMatch(/^ads\/claims\.txt\s+complete\s+1 critical/m);
      expect(res.code, res.stderr).toBe(1);
      const tarballs = (await readdir(clone.path)).filter((f) =>
        /^content-review-toolkit-.*\.tgz$/.test(f),
      );
      expect(tarballs).toHaveLength(1);
      const ignored = await runProcess("git", ["check-ignore", "-q", tarballs[0]!], {
        cwd: clone.path,
      });
      expect(ignored.code).toBe(0);
      expect(await rootTarballs()).toEqual(before);
    } finally {
      await clone.remove();
      await outside.remove();
    }
  });
});
