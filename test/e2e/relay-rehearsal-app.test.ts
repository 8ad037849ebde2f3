/**
 * docs/relay.md, "Rehearse App mode offline", run as written with bash from a folder of the
 * clone, twice in the same folder (a walkthrough must be repeatable): a GitHub App registered
 * with the emulator's GitHub, the relay as that App with routes and mentions, and what it sent.
 * Only the two ports are replaced by free ones. The folder is a git work tree with the clone's
 * ignore rules: the rehearsal leaves nothing that git would commit, and its key files (the App's
 * private key, the webhook secret) are readable by their owner alone. Its `npx content-review`
 * lines run the package's bin without npm's start-up (test/helpers/npx-stand-in.ts): the same
 * three lines of "Rehearse offline" run on npm's npx in relay-rehearsal.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bash,
  blocksUnder,
  folderInClone,
  freePort,
  gitStatus,
  readableByOthers,
  readDoc,
} from "../helpers/docs-shell.ts";
import { npxStandIn } from "../helpers/npx-stand-in.ts";

describe("docs/relay.md: Rehearse App mode offline", () => {
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

  it("the App-mode walkthrough sets the status as the App, posts in the routed channel and mentions the author, twice", async () => {
    const [block] = blocksUnder(await readDoc("docs/relay.md"), "Rehearse App mode offline", "sh");
    for (let run = 1; run <= 2; run++) {
      const [emulatorPort, relayPort] = [await freePort(), await freePort()];
      const script = block!
        .replaceAll("4010", String(emulatorPort))
        .replaceAll("3000", String(relayPort));
      const res = await bash(`${script}\nwait`, {
        cwd: dir.path,
        env: npx.env,
        timeoutMs: 80_000,
      });
      expect(res.code, `run ${run}: ${res.stderr}\n${res.stdout}`).toBe(0);
      expect(res.stdout).toMatch(/"repository": "octo\/media",\s+"state": "failure"/);
      // One installation, one token, however many statuses.
      expect(res.stdout).toMatch(/"account": "octo",\s+"tokensIssued": 1/);
      expect(res.stdout).toMatch(
        /"channel": "C0MEDIA",\s+"threadTs": null,\s+"text": "Content review: ❌ Failed, 1 critical, 2 major \(fails on critical or worse\)/,
      );
      expect(res.stdout).toMatch(
        /"channel": "C0MEDIA",\s+"threadTs": "[\d.]+",\s+"text": "<@U0OCTOCAT> ❌ Content review failed on /,
      );
      expect(res.stdout).not.toContain("C0GENERAL");
      expect(await gitStatus(dir.path), `run ${run}: git status --porcelain`).toBe("");
      const keys = (await readableByOthers(dir.path)).filter((f) =>
        /app\.json|secret|relay\.db|emulator\.log/.test(f),
      );
      expect(keys, `run ${run}: key files readable by others`).toEqual([]);
    }
  }, 180_000);
});
