import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { runProcess, type ShellRun } from "../helpers/docs-shell.ts";
import { envFor, runCli, tempDir } from "./cli-harness.ts";

const BIN = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));

/**
 * PATH, and the run's cache of compiled code (test/setup/node-compile-cache.ts): the executable
 * then skips most of its compile work, which changes nothing it does.
 */
const BASE_ENV = {
  PATH: process.env.PATH ?? "",
  ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
};

/** Runs a command to completion, collecting its output (events, no sleeps). */
function runChild(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<ShellRun> {
  return runProcess(command, args, {
    cwd,
    env: { ...BASE_ENV, ...env },
    inheritEnv: false,
  });
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe("the content-review executable (src/cli/bin.ts on Node's type stripping)", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let env: Record<string, string>;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
    dir = await tempDir();
    env = envFor(emu, emu.liveKey);
    await writeFile(join(dir.path, "claims.txt"), "Clinically proven. Guaranteed!\n".repeat(400));
  });
  afterAll(async () => {
    await emu.close();
    await dir.remove();
  });

  it("without a terminal prints plain progress lines and exits with the review's code", async () => {
    const res = await runChild(
      process.execPath,
      [BIN, "review", "claims.txt", "--poll-interval", "0.02"],
      env,
      dir.path,
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^upload claims\.txt: started \(12\.4 kB\)$/m);
    expect(res.stderr).toMatch(/^upload claims\.txt: done$/m);
    expect(res.stderr).toMatch(/^submission [0-9a-f-]{36}: done \(complete\)$/m);
    expect(res.stderr + res.stdout).not.toContain("\u001b[");
    expect(res.stdout).toMatch(/Review failed: \d+ issues? at or above critical/);
  });

  it.each([
    ["findings", [], 1],
    ["--fail-on never", ["--fail-on", "never"], 0],
  ])(
    "review --json | head keeps the verdict's exit code under pipefail (%s)",
    async (_name, extra, code) => {
      // Enough files that the report (hundreds of kB) outgrows the pipe: head has gone by then.
      const { mkdir } = await import("node:fs/promises");
      await mkdir(join(dir.path, "many"), { recursive: true });
      const text = "Clinically proven. Guaranteed!\n".repeat(40);
      for (let i = 0; i < 40; i++) await writeFile(join(dir.path, "many", `c${i}.txt`), text);
      const review = [process.execPath, BIN, "review", "many", "--json", "--progress", "none"];
      const command = `${[...review, ...extra, "--poll-interval", "0.02"].map(quote).join(" ")} | head -c 1 >/dev/null`;
      const res = await runChild("bash", ["-o", "pipefail", "-c", command], env, dir.path);
      expect(res.stderr).not.toMatch(/\n\s+at |Error/);
      expect(res.code).toBe(code);
    },
  );

  it("a usage error exits 2 from the real process", async () => {
    const res = await runChild(process.execPath, [BIN, "status", "not-a-uuid"], env, dir.path);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/Expected a UUID/);
  });

  it("Ctrl+C stops a wait cleanly with exit 130 and says what to do", async () => {
    const sandbox = envFor(emu, emu.sandboxKey);
    // The submission to wait for (in this process: the wait is what runs in the executable).
    const pending = await runCli(
      ["submit", "0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e/slow__sandbox_pending__.mp4", "--json"],
      { env: sandbox, cwd: dir.path },
    );
    expect(pending.code, pending.stderr).toBe(0);
    const id = pending.json.submissionId as string;
    let sent = false;
    const res = await runProcess(
      process.execPath,
      [BIN, "status", id, "--wait", "--poll-interval", "0.05"],
      {
        cwd: dir.path,
        env: { ...BASE_ENV, ...sandbox },
        inheritEnv: false,
        // Interrupt once the wait is visibly under way.
        onStderr: (stderr, kill) => {
          if (!sent && stderr.includes("0/1 assets finished")) {
            sent = true;
            kill("SIGINT");
          }
        },
      },
    );
    expect(res.code).toBe(130);
    expect(res.stderr).toMatch(/SIGINT received; stopping/);
    expect(res.stderr).toMatch(/Interrupted by SIGINT .* check it with content-review status/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    ["colour on", {}, true],
    ["NO_COLOR", { NO_COLOR: "1" }, false],
  ])("in a pseudo-terminal (%s) draws a progress bar", async (_name, extra, colour) => {
    const command = `${quote(process.execPath)} ${quote(BIN)} review claims.txt --poll-interval 0.02`;
    const res = await runChild(
      "script",
      ["-qfec", command, "/dev/null"],
      { ...env, TERM: "xterm", ...extra },
      dir.path,
    );
    expect(res.code).toBe(1);
    // cli-progress redraws the line with cursor control and fills the bar.
    expect(res.stdout).toMatch(/upload claims\.txt \[█+\] 100%/);
    expect(res.stdout).toMatch(
      /submission [0-9a-f]{8}-[0-9a-f]{3}… \[█+\] 100% \| 1\/1 assets complete/,
    );
    expect(res.stdout).toContain("\u001b[1G");
    expect(res.stdout).not.toMatch(/^upload claims\.txt: started/m);
    // Severity words are coloured only when allowed.
    expect(/\u001b\[3[0-9]m/.test(res.stdout)).toBe(colour);
  });
});
