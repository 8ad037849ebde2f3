/**
 * docs/action.md, "Rehearse accepting a finding": `try-action --accept` runs the pull request,
 * which fails on the samples' critical claim, then the same run with an acceptance of it, which
 * passes for no new upload or credit. The acceptance is the rehearsal's: the folder's
 * `git status` is the same afterwards, also when `--out` lies outside it and Ctrl+C ends the run.
 */

import { readdirSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  bash,
  blocksUnder,
  folderInClone,
  gitStatus,
  ROOT,
  readDoc,
  runProcess,
} from "../helpers/docs-shell.ts";

const SCRIPT = join(ROOT, "scripts", "try-action.ts");

describe("docs/action.md: Rehearse accepting a finding", () => {
  let dir: { path: string; remove: () => Promise<void> };
  let outside: string;
  beforeEach(async () => {
    dir = await folderInClone({ samples: true, git: true });
    outside = await mkdtemp(join(tmpdir(), "try-action-accept-out-"));
  });
  afterEach(async () => {
    await dir.remove();
    await rm(outside, { recursive: true, force: true });
  });

  it("the command fails on the critical claim, accepts it, and the same run passes for 0 new credits, leaving the folder's git status as it was", async () => {
    const [block] = blocksUnder(
      await readDoc("docs/action.md"),
      "Rehearse accepting a finding",
      "sh",
    );
    const command = block!.trim().replace(/\s+#.*$/, "");
    expect(command).toBe("npm run -s try-action -- samples/ --accept");
    const before = await gitStatus(dir.path);

    const res = await bash(command, { cwd: dir.path, timeoutMs: 80_000 });

    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/\| Error: Review failed: 1 issue at or above critical\./);
    expect(res.stdout).toMatch(
      /^First, pull request #1 \(pull_request\): exit code 1; outputs: .*status=failure .*critical-count=1 .*accepted-count=0; the service recorded 4 uploads, 1 submission, [1-9]\d* credits charged$/m,
    );
    const said =
      /^--accept: the step failed on 1 finding at or above fail-on \(samples\/claims__sandbox_fail__\.txt: critical ([0-9a-f]{8})\); accepted it in try-action-output\/accepted\.yml and ran pull request #1 again with accepted-file=try-action-output\/accepted\.yml/m.exec(
        res.stdout,
      );
    expect(said, res.stdout).not.toBeNull();
    const acceptId = said![1]!;
    expect(res.stdout).toMatch(
      /^Action exit code 0 \(the step passes\); outputs: .*status=success .*credits=0 reused-count=4 accepted-count=1$/m,
    );
    expect(res.stdout).toMatch(
      /^ {2}the service recorded 0 uploads, 0 submissions, 0 credits charged$/m,
    );
    expect(res.stdout).toMatch(/^ {2}check run "Content Review": success, /m);

    const out = (name: string) => readFile(join(dir.path, "try-action-output", name), "utf8");
    const accepted = parse(await out("accepted.yml")) as { accepted: Record<string, string>[] };
    expect(accepted.accepted).toEqual([
      expect.objectContaining({
        path: "samples/claims__sandbox_fail__.txt",
        issue: acceptId,
        "accepted-by": "@try-action",
      }),
    ]);
    const report = JSON.parse(await out("report.json")) as {
      conclusion: string;
      assets: { issues: { acceptId: string; accepted: { by: string } | null }[] }[];
    };
    expect(report.conclusion).toBe("success");
    const issue = report.assets.flatMap((a) => a.issues).find((i) => i.acceptId === acceptId);
    expect(issue?.accepted?.by).toBe("@try-action");
    expect(await out("action.log")).toMatch(/^Read try-action-output\/accepted\.yml\.$/m);
    expect(await gitStatus(dir.path)).toBe(before);
  }, 90_000);

  it("--accept with --event merge_group is a usage error (exit 2) and runs nothing", async () => {
    const res = await runProcess(
      process.execPath,
      [SCRIPT, "samples", "--accept", "--event", "merge_group"],
      { cwd: dir.path, env: { INIT_CWD: dir.path }, timeoutMs: 30_000 },
    );
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toMatch(
      /^try-action: --accept rehearses the pull request's run \(got --event merge_group\): leave out --event\.\nUsage: /,
    );
    expect(res.stdout).toBe("");
    expect(await gitStatus(dir.path)).toBe("");
  });

  it("with --out outside the folder, the acceptance lives in a temporary folder inside it, gone after Ctrl+C in the second run", async () => {
    const before = await gitStatus(dir.path);
    let seen: string[] = [];
    const res = await runProcess(
      process.execPath,
      [SCRIPT, "samples", "--accept", "--out", outside],
      {
        cwd: dir.path,
        env: { INIT_CWD: dir.path },
        timeoutMs: 80_000,
        // The second run has read the acceptance: it is still reviewing when the signal comes.
        onStderr: (stderr, kill) => {
          if (
            seen.length === 0 &&
            /\| Read \.try-action-accept-\w+\/accepted\.yml\./.test(stderr)
          ) {
            seen = readdirSync(dir.path);
            kill("SIGINT");
          }
        },
      },
    );
    expect(seen.filter((name) => name.startsWith(".try-action-accept-"))).toHaveLength(1);
    expect(res.code, res.stderr).toBe(130);
    expect(res.stderr).toMatch(
      /^try-action: --accept: .*accepted it in \.try-action-accept-\w+\/accepted\.yml \(a temporary folder in the workspace, removed when the rehearsal ends/m,
    );
    expect(res.stdout).toMatch(/^Cancelled by SIGINT/);
    expect(await readFile(join(outside, "accepted.yml"), "utf8")).toContain("@try-action");
    expect((await readdir(dir.path)).filter((n) => n.startsWith(".try-action"))).toEqual([]);
    expect(await gitStatus(dir.path)).toBe(before);
  }, 90_000);
});
