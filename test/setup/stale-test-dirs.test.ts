import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import setup from "./private-tmpdir.ts";
import { isProcessAlive, staleTestDirs, testDirPrefix } from "./stale-test-dirs.ts";

/** The pid of a process that has ended and been reaped. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await once(child, "exit");
  return child.pid!;
}

describe("staleTestDirs", () => {
  const alive = new Set([100, 200]);
  it.each([
    ["a folder of a run whose process is gone", "content-review-tests-300-Ab12Cd", true],
    ["a folder of a live run", "content-review-tests-100-Ab12Cd", false],
    ["another live run's", "content-review-tests-200-zzzzzz", false],
    ["a folder without the owner's pid (an older run's)", "content-review-tests-Ab12Cd", false],
    ["a pid of 0", "content-review-tests-0-Ab12Cd", false],
    ["another tool's folder", "other-300-Ab12Cd", false],
    ["a name that only starts like one", "content-review-tests-300-Ab12Cd.bak", false],
    ["a file of another test, not a run's folder", "content-review-cli-300-Ab12Cd", false],
  ])("staleTestDirs: %s -> removed %s", (_what, name, removed) => {
    expect(staleTestDirs([name], (pid) => alive.has(pid))).toEqual(removed ? [name] : []);
  });

  it("staleTestDirs asks about each owner and keeps the order of the listing", () => {
    const asked: number[] = [];
    const names = [
      testDirPrefix(7) + "aaaaaa",
      testDirPrefix(100) + "bbbbbb",
      testDirPrefix(9) + "cccccc",
    ];
    const stale = staleTestDirs(names, (pid) => {
      asked.push(pid);
      return alive.has(pid);
    });
    expect(stale).toEqual([names[0], names[2]]);
    expect(asked).toEqual([7, 100, 9]);
  });
});

describe("isProcessAlive", () => {
  it("isProcessAlive: this process is alive, one that ended is not", async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(await endedPid())).toBe(false);
  });

  it.runIf(process.platform === "linux")(
    "isProcessAlive takes a zombie (exited, never reaped) for gone",
    async () => {
      // `sleep` becomes the parent of `true` and never reaps it.
      const shell = spawn("sh", ["-c", "true & exec sleep 60"], { stdio: "ignore" });
      try {
        let zombie: number | undefined;
        // No event says a process became a zombie: look in /proc, bounded.
        for (let i = 0; i < 200 && zombie === undefined; i++) {
          const children = await readFile(
            `/proc/${shell.pid}/task/${shell.pid}/children`,
            "utf8",
          ).catch(() => "");
          for (const pid of children.split(" ").filter(Boolean).map(Number)) {
            const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
            if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) zombie = pid;
          }
          if (zombie === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(zombie).toBeDefined();
        expect(isProcessAlive(zombie!)).toBe(false);
      } finally {
        shell.kill("SIGKILL");
      }
    },
  );
});

describe("private-tmpdir global setup", () => {
  const saved = process.env.TMPDIR;
  afterEach(() => {
    process.env.TMPDIR = saved;
  });

  it("private-tmpdir removes the folder a killed run left, and keeps live runs' and others'", async () => {
    const root = await mkdtemp(join(tmpdir(), "tmpdir-root-"));
    try {
      const dead = testDirPrefix(await endedPid()) + "Ab12Cd";
      const live = testDirPrefix(process.pid) + "Ef34Gh";
      const keep = [live, "content-review-tests-Ij56Kl", "someone-else"];
      for (const name of [dead, ...keep])
        await mkdir(join(root, name, "inside"), { recursive: true });
      process.env.TMPDIR = root;

      const teardown = await setup();
      const own = process.env.TMPDIR;
      // Named after its owner, so that the run after a killed one can tell it is gone.
      expect(own).toBe(join(root, basename(own!)));
      expect(basename(own!).startsWith(testDirPrefix(process.pid))).toBe(true);
      const after = await readdir(root);
      expect(after).not.toContain(dead);
      expect(after).toEqual(expect.arrayContaining(keep));
      expect(after).toHaveLength(keep.length + 1);

      await teardown();
      expect((await readdir(root)).sort()).toEqual([...keep].sort());
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
