import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { run } from "../../emulator/bin.ts";
import { startFailureMessage } from "../../emulator/start-failure-message.ts";
import { PACKAGE_VERSION } from "../../src/api/index.ts";
import { runMainInProcess } from "../helpers/run-main-in-process.ts";

const BIN = fileURLToPath(new URL("../../emulator/bin.ts", import.meta.url));
// The installed command: the package's bin, which runs the bundle (dist/emulator).
const PACKAGE_BIN = fileURLToPath(new URL("../../bin/content-review-emulator.js", import.meta.url));

describe("emulator bin", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "prints the JSON line first, serves, and stops on %s",
    async (signal) => {
      const child = spawn(process.execPath, [BIN, "--port", "0", "--processing-seconds", "0"], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      try {
        const lines = createInterface({ input: child.stdout! });
        const [first] = (await once(lines, "line")) as [string];
        const info = JSON.parse(first);
        expect(Object.keys(info).sort()).toEqual([
          "baseUrl",
          "githubApiUrl",
          "liveKey",
          "sandboxKey",
          "slackApiUrl",
          "workspaceId",
        ]);
        expect(info.slackApiUrl).toBe(`${info.baseUrl}/_emulator/slack/api/`);
        expect(info.githubApiUrl).toBe(`${info.baseUrl}/_emulator/github`);
        expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(info.liveKey).toMatch(/^sk_live_[0-9a-f]{64}$/);
        expect(info.sandboxKey).toMatch(/^sk_test_/);
        const res = await fetch(`${info.baseUrl}/api/insights/processing/duration`, {
          headers: { "X-API-Key": info.liveKey },
        });
        expect(res.status).toBe(200);
        const exit = once(child, "exit");
        child.kill(signal);
        const [code] = (await exit) as [number | null];
        expect(code).toBe(0);
      } finally {
        child.kill("SIGKILL");
      }
    },
  );

  it("stops, exit 0, when the reader of stdout goes away (EPIPE on its next line)", async () => {
    const child = spawn(process.execPath, [BIN, "--port", "0", "--processing-seconds", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const lines = createInterface({ input: child.stdout! });
      const [first] = (await once(lines, "line")) as [string];
      expect(JSON.parse(first)).toHaveProperty("liveKey");
      // Like `content-review-emulator | head -1`: the pipe closes after the first line.
      const exit = once(child, "exit");
      lines.close();
      child.stdout!.destroy();
      const [code] = (await exit) as [number | null];
      expect(code).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });

  // The second reader goes only after the emulator's last line ("ready"): no write is left to
  // fail, so only the watch of the pipe's readers can stop it.
  it.for([
    ["`| head -1` returns: the shell gets the first line and the emulator stops", "head -1"],
    [
      "a reader that leaves after the last line it will ever get still stops the emulator",
      `{ read -r first; echo "$first"; while read -r line; do case $line in *ready*) break;; esac; done; }`,
    ],
  ] as const)("%s", async ([, reader], { onTestFinished }) => {
    const res = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn("bash", ["-c", `"${process.execPath}" "${BIN}" --port 0 | ${reader}`], {
        stdio: ["ignore", "pipe", "ignore"],
        detached: true,
      });
      // A hang is bounded by the test's timeout: then the whole pipeline (its process group)
      // is SIGKILLed, so nothing outlives the test.
      let closed = false;
      onTestFinished(() => {
        if (!closed) process.kill(-child.pid!, "SIGKILL");
      });
      let stdout = "";
      child.stdout!.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
      child.on("close", (code) => {
        closed = true;
        resolve({ code, stdout });
      });
    });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toHaveProperty("baseUrl");
  });

  it("rejects an unknown flag with usage and exit code 2", async () => {
    const child = spawn(process.execPath, [BIN, "--bogus"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: content-review-emulator");
  });
});

/** Runs the emulator bin to its exit: its code and what it wrote. */
async function runToExit(
  args: string[],
  bin = BIN,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  child.stderr!.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

describe("emulator bin: start-up messages", () => {
  it.each([
    ["--port", "abc", '--port must be a whole number from 0 to 65535 (got "abc")'],
    ["--port", "70000", '--port must be a whole number from 0 to 65535 (got "70000")'],
    [
      "--processing-seconds",
      "soon",
      '--processing-seconds must be a number of seconds, 0 or more (got "soon")',
    ],
  ])("emulator bin refuses %s %s in words, with usage, exit 2", async (flag, value, message) => {
    const { code, stderr } = await runMainInProcess(() => run([flag, value]));
    expect(code).toBe(2);
    expect(stderr.split("\n")[0]).toBe(`content-review-emulator: ${message}`);
    expect(stderr).toContain("Usage: content-review-emulator");
    expect(stderr).not.toMatch(/Invalid input|NaN/);
  });

  it.each([
    [["--bogus"], "Unknown option '--bogus'"],
    [["--port"], "Option '--port <value>' argument missing"],
    [["extra"], "Unexpected argument 'extra'"],
  ])(
    "emulator bin prefixes the parser's own error for %j, with usage, exit 2",
    async (args, start) => {
      const { code, stderr } = await runMainInProcess(() => run(args));
      expect(code).toBe(2);
      expect(stderr.split("\n")[0]).toMatch(new RegExp(`^content-review-emulator: ${start}`));
      expect(stderr).toContain("Usage: content-review-emulator");
    },
  );

  it.each([
    ["emulator/bin.ts", BIN],
    ["the installed bin/content-review-emulator.js", PACKAGE_BIN],
  ])("emulator bin (%s) names the port taken and suggests --port 0", async (_name, bin) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stderr } = await runToExit(["--port", String(port)], bin);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `content-review-emulator: port ${port} on 127.0.0.1 is already in use: stop what listens there, or pass another port (--port 0 picks a free one)`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it.each(["--version", "-V"])("%s prints the package's version and exits 0", async (flag) => {
    const { code, stdout } = await runMainInProcess(() => run([flag]));
    expect(code).toBe(0);
    expect(stdout).toBe(`${PACKAGE_VERSION}\n`);
  });
});

describe("emulator bin: a data folder it cannot write", () => {
  // A read-only mount refuses even root (tests and CI run as root, where permissions do not).
  const canMount = process.getuid?.() === 0 && process.platform === "linux";
  it.skipIf(!canMount)(
    "emulator bin names the folder, why, and what to do, in one line, exit 1",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "content-review-readonly-"));
      execFileSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", dir]);
      try {
        const { code, stderr } = await runToExit(["--port", "0", "--data-dir", join(dir, "state")]);
        expect(code).toBe(1);
        const [line, rest] = stderr.split("\n");
        expect(line).toContain(`content-review-emulator: cannot write ${join(dir, "state")}`);
        expect(line).toContain("it is on a read-only file system (EROFS)");
        expect(line).toContain("Pass a --data-dir the emulator can write to");
        expect(rest).toBe("");
        // The folder itself, read-only: the lock cannot be written in it.
        const inside = await runToExit(["--port", "0", "--data-dir", dir]);
        expect(inside.code).toBe(1);
        expect(inside.stderr).toBe(
          `content-review-emulator: cannot write ${dir}: it is on a read-only file system (EROFS). Pass a --data-dir the emulator can write to, or fix the folder's permissions; without --data-dir the state stays in memory.\n`,
        );
      } finally {
        execFileSync("umount", [dir]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("emulator bin refuses --data-dir /proc/x/y in one line, exit 1 (Node's recursive mkdir spun there forever)", async () => {
    const { code, stderr } = await runToExit(["--port", "0", "--data-dir", "/proc/x/y"]);
    expect(code).toBe(1);
    expect(stderr).toBe(
      "content-review-emulator: cannot write /proc/x/y: it cannot be created: a folder on its path cannot be made (ENOENT). Pass a --data-dir the emulator can write to; without --data-dir the state stays in memory.\n",
    );
  });

  it("emulator bin refuses a --data-dir below a file in one line naming it, exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "content-review-file-parent-"));
    try {
      writeFileSync(join(dir, "file"), "x");
      const { code, stderr } = await runToExit([
        "--port",
        "0",
        "--data-dir",
        join(dir, "file", "state"),
      ]);
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /^content-review-emulator: cannot write \S+: it cannot be a folder: a file stands where a folder should be on its path \(ENOTDIR\)\. Pass a --data-dir the emulator can write to, or move that file;/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ["EACCES", "is not writable by this user", "or fix the folder's permissions"],
    ["EROFS", "is on a read-only file system", "or fix the folder's permissions"],
    ["ENOSPC", "is on a full disk", "or free some space"],
  ])("startFailureMessage says what %s means and what to do", (code, why, todo) => {
    const error = Object.assign(new Error(`${code}: open '/data/emulator.lock.tmp'`), {
      code,
      path: "/data/emulator.lock.tmp",
    });
    const message = startFailureMessage(error);
    expect(message).toContain(`cannot write /data/emulator.lock.tmp: it ${why} (${code})`);
    expect(message).toContain(todo);
  });

  it("startFailureMessage keeps any other error as it is", () => {
    expect(startFailureMessage(new Error("something else"))).toBe("something else");
  });
});
