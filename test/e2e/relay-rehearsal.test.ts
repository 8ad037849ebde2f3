/**
 * docs/relay.md, "Rehearse offline", run as written with bash from a folder of the clone: the
 * emulator and the relay started with `npm run`, a subscription, a sandbox event, and what the
 * relay sent to the emulator's Slack and GitHub; then `kill` stops both. Only the two ports are
 * replaced by free ones. Run twice in one folder (a second run starts clean by itself), and once
 * with the relay's port taken (it stops at that step, says why, and stops the emulator). The
 * first run is the page's as written, npm's npx included; the other two are about what a run
 * leaves and how a step fails, and their `npx content-review` runs the package's bin without
 * npm's start-up (test/helpers/npx-stand-in.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bash,
  blocksUnder,
  folderInClone,
  freePort,
  gitStatus,
  ROOT,
  readableByOthers,
  readDoc,
  runProcess,
  type ShellRun,
} from "../helpers/docs-shell.ts";
import { npxStandIn } from "../helpers/npx-stand-in.ts";

/** True once nothing listens on the port any more (bounded: about 5 s). */
async function closed(port: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const open = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (!open) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe("docs/relay.md: Rehearse offline", () => {
  let dir: { path: string; remove: () => Promise<void> };
  let npx: Awaited<ReturnType<typeof npxStandIn>>;
  beforeAll(async () => {
    dir = await folderInClone({ git: true });
    npx = await npxStandIn();
  });
  afterAll(async () => {
    await dir.remove();
    await npx?.remove();
  });

  async function rehearse(
    emulatorPort: number,
    relayPort: number,
    env: Record<string, string> = {},
  ): Promise<ShellRun> {
    const [block] = blocksUnder(await readDoc("docs/relay.md"), "Rehearse offline", "sh");
    const script = block!
      .replaceAll("4010", String(emulatorPort))
      .replaceAll("3000", String(relayPort));
    return bash(script, { cwd: dir.path, env, timeoutMs: 100_000 });
  }

  it("the walkthrough shows the Slack message and the commit status, and stops both servers, twice in a row", async () => {
    const [emulatorPort, relayPort] = [await freePort(), await freePort()];
    for (const run of ["first", "second"]) {
      // The second run is about what the first left in the folder and on the ports, which npx
      // has no part in: the first has shown that npm's npx finds the CLI from the clone.
      const res = await rehearse(emulatorPort, relayPort, run === "first" ? {} : npx.env);
      expect(res.code, `${run} run\n${res.stderr}\n${res.stdout}`).toBe(0);
      // Step 5 printed the Slack message about the submission and the failing commit status.
      const submission = /"submissionId":"([0-9a-f-]{36})"/.exec(res.stdout)?.[1] ?? "";
      expect(res.stdout).toMatch(/"channel": "C0REHEARSAL"/);
      // The message docs/relay.md shows: the same outcome as the commit status.
      expect(res.stdout).toContain(
        '"text": "Content review: ❌ Failed, 1 critical, 2 major (fails on critical or worse) (submission',
      );
      expect(res.stdout).toMatch(/"repository": "octo\/media"/);
      expect(res.stdout).toMatch(/"sha": "1{40}"/);
      expect(res.stdout).toMatch(/"state": "pending",\s+"description": "0\/1 assets reviewed"/);
      expect(res.stdout).toMatch(/"state": "failure"/);
      expect(submission === "" || res.stdout.includes(submission)).toBe(true);
      // Step 6: tracing on against the emulator's collector: one trace, the run's (begun by
      // the link's traceparent), from the link's intake to the Slack post and the final status;
      // the event's processing links to the webhook's intake.
      const traces = JSON.parse(res.stdout.slice(res.stdout.lastIndexOf('{\n  "trace"')));
      expect(traces).toEqual({
        trace: expect.stringMatching(/^[0-9a-f]{32}$/),
        spans: [
          "relay.intake /links",
          "relay.process link.registered",
          "relay.effect github-status",
          "relay.process asset.processing.completed <- relay.intake /webhooks/content-review",
          "relay.effect slack-parent",
          "relay.effect github-status",
        ],
      });
      // The emulator's log has a line per trace it received.
      const emulatorLog = await readFile(join(dir.path, "emulator.log"), "utf8");
      expect(
        emulatorLog.match(/^\[emulator\] trace [0-9a-f]{32} received: /gm)?.length,
      ).toBeGreaterThanOrEqual(2);
      expect(emulatorLog).toContain(`trace ${traces.trace} received: `);
      // Step 7: SIGTERM to npm's pids stopped the servers themselves.
      expect(await closed(emulatorPort)).toBe(true);
      expect(await closed(relayPort)).toBe(true);
    }
    // What it leaves in the folder it ran from, and the script the page says to save it as, are
    // ignored by git when that folder is the clone's root.
    const left = [...(await readdir(dir.path)).filter((n) => n !== ".git"), "rehearse-relay.sh"];
    expect(left).toContain("relay-secret.txt");
    for (const name of left) {
      const ignored = await runProcess("git", ["check-ignore", "-q", "--no-index", name], {
        cwd: ROOT,
      });
      expect(ignored.code, `${name} is not ignored by .gitignore`).toBe(0);
    }
    // The folder is a work tree with the clone's ignore rules: nothing for git to commit.
    expect(await gitStatus(dir.path)).toBe("");
    // The secret, the journal and the emulator's log (its first line holds the keys).
    const secrets = (await readableByOthers(dir.path)).filter((f) =>
      /secret|relay\.db|emulator\.log/.test(f),
    );
    expect(secrets).toEqual([]);
  }, 220_000);

  it("a step that fails stops the walkthrough with a message, and the emulator is stopped", async () => {
    // Something else holds the relay's port: the relay cannot start (step 3).
    const squatter: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const relayPort = (squatter.address() as { port: number }).port;
    const emulatorPort = await freePort();
    try {
      const res = await rehearse(emulatorPort, relayPort, npx.env);
      expect(res.code, `${res.stderr}\n${res.stdout}`).toBe(1);
      expect(res.stderr).toContain("Stopped waiting for the relay: its server exited");
      // Nothing after step 3 ran.
      expect(res.stdout).not.toContain("C0REHEARSAL");
      expect(await closed(emulatorPort)).toBe(true);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
