/**
 * docs/relay.md, "Rehearse offline", run as written with bash from a folder of the clone: the
 * emulator and the relay started with `npm run`, a subscription, a sandbox event, and what the
 * relay sent to the emulator's Slack and GitHub; then `kill` stops both. Only the two ports are
 * replaced by free ones.
 */
// @ts-nocheck

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bash, blocksUnder, folderInClone, freePort, readDoc } from "../helpers/docs-shell.ts";

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
  beforeAll(async () => {
    dir = await folderInClone();
  });
  afterAll(async () => {
    await dir.remove();
  });

  it("the walkthrough shows the Slack message and the commit status, and stops both servers", async () => {
    const [block] = blocksUnder(await readDoc("docs/relay.md"), "Rehearse offline", "sh");
    const [emulatorPort, relayPort] = [await freePort(), await freePort()];
    const script = block!
      .replaceAll("4010", String(emulatorPort))
      .replaceAll("3000", String(relayPort));
    const res = await bash(`${script}\nwait`, { cwd: dir.path, timeoutMs: 80_000 });
    expect(res.code, `${res.stderr}\n${res.stdout}`).toBe(0);
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
    // Step 6: SIGTERM to npm's pids stopped the servers themselves.
    expect(await closed(emulatorPort)).toBe(true);
    expect(await closed(relayPort)).toBe(true);
  }, 90_000);
});
