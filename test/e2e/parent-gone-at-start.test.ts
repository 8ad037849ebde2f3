/**
 * A bin whose parent exits while the bin is still starting (loading its bundle) stops on its own,
 * as if the parent had exited later: the bin records its parent before the bundle loads, and the
 * watch that begins afterwards sees that parent gone. Without the record, the watch would take
 * the process it was re-parented to for the parent and the bin would run on, orphaned. Run from
 * the repository as a user runs the bins (they load dist/: `npm run build` first).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { ROOT } from "../helpers/docs-shell.ts";
import { relayTestEnv } from "../relay/helpers/relay-test-env.ts";

const LAUNCHER = join(ROOT, "test/helpers/launch-and-leave.ts");
/** Generous: a bin that never noticed would run for ever. */
const BOUND_MS = 30_000;

/**
 * Starts `bin` through a parent that exits during the bin's start-up, and resolves with all the
 * output once the bin has ended too (it holds the parent's stdout and stderr), or rejects after
 * `BOUND_MS`, ending the bin.
 */
async function startOrphaned(bin: string, args: string[], env: Record<string, string>) {
  const launcher = spawn(process.execPath, [LAUNCHER, process.execPath, join(ROOT, bin), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  launcher.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  launcher.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"bound">((resolve) => {
    timer = setTimeout(() => resolve("bound"), BOUND_MS);
  });
  // "close": the launcher has exited and every holder of its pipes (the bin) has closed them.
  const ended = await Promise.race([once(launcher, "close").then(() => "ended" as const), bound]);
  clearTimeout(timer);
  if (ended === "bound") {
    const pid = Number(/^pid (\d+)$/m.exec(output)?.[1]);
    if (pid > 0) process.kill(pid, "SIGKILL");
  }
  return { ended, output };
}

describe("a bin whose parent exits during its start-up", () => {
  let tmp: string;
  let emu: EmulatorHandle;
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), "parent-gone-"));
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
  });
  afterAll(async () => {
    await emu.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it("content-review-emulator stops on its own, saying why", async () => {
    const run = await startOrphaned(
      "bin/content-review-emulator.js",
      ["--port", "0", "--processing-seconds", "0"],
      { TMPDIR: tmp },
    );
    expect(run.ended, run.output).toBe("ended");
    expect(run.output).toMatch(/ready; stop with Ctrl\+C/);
    expect(run.output).toMatch(/its parent process ended, stopping/);
  });

  it("content-review polling a pending review stops on its own, saying why", async () => {
    const file = join(tmp, "slow__sandbox_pending__.txt");
    await writeFile(file, "x\n");
    const run = await startOrphaned(
      "bin/content-review.js",
      ["review", file, "--poll-interval", "0.1"],
      {
        CONTENT_REVIEW_BASE_URL: emu.baseUrl,
        CONTENT_REVIEW_API_KEY: emu.sandboxKey,
        CONTENT_REVIEW_SIDEKICKS: "brand-safety",
      },
    );
    expect(run.ended, run.output).toBe("ended");
    expect(run.output).toMatch(/content-review: its parent process ended; stopping/);
  });

  it("content-review-relay stops on its own once started", async () => {
    const run = await startOrphaned(
      "bin/content-review-relay.js",
      [],
      relayTestEnv({ TMPDIR: tmp, STORE_URL: `sqlite:${join(tmp, "journal.db")}` }),
    );
    expect(run.ended, run.output).toBe("ended");
    // It had started: nothing but its parent's end (no signal reached it) stopped it.
    expect(run.output).toMatch(/listening on http/);
  });
});
