/**
 * `kill` of an `npx` pid: npm passes the signal to `sh`, not to node, so each bin watches its
 * parent and stops as on SIGTERM when it goes away. Run from the repository, as a user runs the
 * bins (they load dist/: `npm run build` first); the processes below each npx pid are read from
 * /proc and must all be gone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/docs-shell.ts";
import { relayTestEnv } from "../relay/helpers/relay-test-env.ts";

/** Parent pid and state of every live process, from /proc. */
async function processTable(): Promise<Map<number, { ppid: number; state: string }>> {
  const table = new Map<number, { ppid: number; state: string }>();
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (state !== undefined && state !== "Z")
      table.set(Number(name), { state, ppid: Number(ppid) });
  }
  return table;
}

/** Every live process below `root`: its children, theirs, and so on. */
async function descendants(root: number): Promise<number[]> {
  const table = await processTable();
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [...table].filter(([, p]) => frontier.includes(p.ppid)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** The pids of `pids` still running after up to `ms` (checked every 100 ms: no event exists). */
async function survivors(pids: readonly number[], ms = 15_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const table = await processTable();
    const left = pids.filter((pid) => table.has(pid));
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts `npx <args>` from the repository and resolves once `ready` shows on stdout or stderr. */
async function npx(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn("npx", args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) resolve();
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    child.once("exit", (code) => reject(new Error(`npx ${args[0]} exited (${code}): ${output}`)));
  });
  return { child, output: () => output };
}

describe("bins stop when their npx parent is killed", () => {
  let tmp: string;
  const started: number[] = [];
  beforeEach(async () => {
    tmp = await mkdtemp(join(tmpdir(), "no-orphans-"));
  });
  afterEach(async () => {
    // Whatever survived a failed test goes now.
    for (const pid of started.splice(0)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    await rm(tmp, { recursive: true, force: true });
  });

  it("npx content-review-emulator, and npx content-review polling a pending submission: none survives", async () => {
    const env = { TMPDIR: tmp };
    const emulator = await npx(
      ["content-review-emulator", "--port", "0", "--processing-seconds", "0"],
      env,
      /ready; stop with Ctrl\+C/,
    );
    const info = JSON.parse(emulator.output().split("\n")[0]!) as {
      baseUrl: string;
      sandboxKey: string;
    };
    const file = join(tmp, "slow__sandbox_pending__.txt");
    await writeFile(file, "x\n");
    const review = await npx(
      ["content-review", "review", file, "--poll-interval", "0.1"],
      {
        ...env,
        CONTENT_REVIEW_BASE_URL: info.baseUrl,
        CONTENT_REVIEW_API_KEY: info.sandboxKey,
        CONTENT_REVIEW_SIDEKICKS: "brand-safety",
      },
      /0\/1 assets finished/,
    );
    const below = [
      ...(await descendants(emulator.child.pid!)),
      ...(await descendants(review.child.pid!)),
    ];
    started.push(...below);
    const commands = await Promise.all(
      below.map((pid) => readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")),
    );
    expect(commands.filter((c) => c.includes("content-review")).length).toBeGreaterThanOrEqual(2);

    // Their output is all in once the last process holding the pipes is gone.
    const drained = [review, emulator].map(({ child }) => once(child.stdout!, "close"));
    for (const { child } of [review, emulator]) {
      const exit = once(child, "exit");
      child.kill("SIGTERM");
      await exit;
    }
    expect(await survivors(below)).toEqual([]);
    await Promise.all(drained);
    // Each says why it stopped: no SIGTERM reached it, its parent went away.
    expect(review.output()).toMatch(/content-review: its parent process ended; stopping/);
    expect(review.output()).toMatch(/^Cancelled: submission /m);
    expect(review.output()).not.toMatch(/SIGTERM received/);
    expect(emulator.output()).toMatch(/its parent process ended, stopping/);
    // The emulator stopped as on SIGTERM: its temp folder is gone too.
    expect((await readdir(tmp)).filter((n) => n.startsWith("content-review"))).toEqual([]);
  });

  it("npx content-review-relay: none survives", async () => {
    const relay = await npx(
      ["content-review-relay"],
      relayTestEnv({ TMPDIR: tmp, STORE_URL: `sqlite:${join(tmp, "journal.db")}` }),
      /listening on http/,
    );
    const below = await descendants(relay.child.pid!);
    started.push(...below);
    expect(below.length).toBeGreaterThan(0);
    const exit = once(relay.child, "exit");
    relay.child.kill("SIGTERM");
    await exit;
    expect(await survivors(below)).toEqual([]);
  });
});
