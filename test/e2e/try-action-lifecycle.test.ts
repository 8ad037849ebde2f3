/**
 * docs/action.md, "Rehearse the merge queue and the push": the two commands run as written, from
 * a folder of the clone holding `samples/`. Each runs the pull request, then its merge queue
 * entry or the push after its merge, which reuse the pull request's record: nothing uploaded,
 * submitted or charged again.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bash, blocksUnder, folderInClone, readDoc } from "../helpers/docs-shell.ts";

describe("docs/action.md: Rehearse the merge queue and the push", () => {
  let dir: { path: string; remove: () => Promise<void> };
  let commands: string[];

  beforeAll(async () => {
    dir = await folderInClone({ samples: true });
    const [block] = blocksUnder(
      await readDoc("docs/action.md"),
      "Rehearse the merge queue and the push",
      "sh",
    );
    commands = block!
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter(Boolean);
    expect(commands).toEqual([
      "npm run -s try-action -- samples/ --event merge_group",
      "npm run -s try-action -- samples/ --event push",
    ]);
  });
  afterAll(async () => {
    await dir.remove();
  });

  const out = (name: string) => readFile(join(dir.path, "try-action-output", name), "utf8");

  it.each([
    [0, "merge_group", /^try-action: the merge queue entry of pull request #1 \(merge_group\)/m],
    [1, "push", /^try-action: the push to main after pull request #1 was merged \(push\)/m],
  ])(
    "command %i (%s): the pull request's run reviews and pays, the next run reuses its record and uploads nothing",
    async (index, _event, announced) => {
      const res = await bash(commands[index]!, { cwd: dir.path, timeoutMs: 80_000 });
      expect(res.code, res.stderr).toBe(1);
      expect(res.stderr).toMatch(announced);
      expect(res.stdout).toMatch(
        /^First, pull request #1 \(pull_request\): exit code 1; outputs: .*status=failure .*reused-count=0 accepted-count=0; the service recorded 4 uploads, 1 submission, [1-9]\d* credits charged$/m,
      );
      expect(res.stdout).toMatch(
        /^Action exit code 1 \(the step fails\); outputs: submission-id= status=failure .*credits=0 reused-count=4 accepted-count=0$/m,
      );
      expect(res.stdout).toMatch(
        /^ {2}the service recorded 0 uploads, 0 submissions, 0 credits charged$/m,
      );
      expect(res.stderr).toMatch(
        /\| Review record of check run \d+ on [0-9a-f]{7} \(pull request #1's head\)/,
      );
      // The digest is this run's: its check run, and no PR review (the pull request's run
      // posted that one, and says so in its own line).
      expect(res.stdout).toMatch(/^ {2}check run "Content Review": failure, /m);
      expect(res.stdout).toMatch(/^ {2}PR review: none was posted$/m);
      await expect(out("review.md")).rejects.toThrow(/ENOENT/);
      // What the last run posted: its own check run, concluded as the pull request's was.
      const posted = JSON.parse(await out("posted.json")) as {
        checkRuns: { headSha: string; conclusion: string }[];
      };
      expect(posted.checkRuns.map((c) => c.conclusion)).toEqual(["failure", "failure"]);
      expect(new Set(posted.checkRuns.map((c) => c.headSha)).size).toBe(2);
      expect(JSON.parse(await out("outputs.json"))).toMatchObject({
        status: "failure",
        "reused-count": "4",
        credits: "0",
      });
      expect(await out("action.log")).not.toContain("ghs_rehearsal_token");
    },
    90_000,
  );
});
