import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { pullRequestEvent } from "./action-harness.ts";
import { CALM, CLAIMS, reportOf, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

const exec = promisify(execFile);
let stage: Stage;

/**
 * The attack of a change past GitHub's listing limit: one harmless `.md`, `filler` `.json` files
 * (not media, so free to add) and `zzz/ad.txt` holding a clinical claim, listed last.
 */
function pastTheLimit(dir: string, filler: number): Record<string, string> {
  return {
    [`${dir}/notes.md`]: CALM,
    ...Object.fromEntries(
      Array.from({ length: filler }, (_, i) => [
        `${dir}/data/f${String(i).padStart(4, "0")}.json`,
        "{}\n",
      ]),
    ),
    [`zzz/${dir}/ad.txt`]: CLAIMS,
  };
}

/** {@link pastTheLimit} committed on `main`'s tip in the stand-in and written to the workspace. */
async function commitPastTheLimit(dir: string, filler: number) {
  const files = pastTheLimit(dir, filler);
  const base = stage.github.state.git.resolve("main")!.sha;
  const head = stage.github.addCommit({ parents: [base], files });
  await writeFiles(stage, files);
  return { base, head };
}

const checkRunsOn = (sha: string) => stage.github.checkRuns.filter((c) => c.head_sha === sha);

/** The run failed on the claim past the limit: it was listed, uploaded and reviewed. */
async function expectClaimReviewed(run: Awaited<ReturnType<typeof runOn>>[0], dir: string) {
  expect(run.code).toBe(1);
  expect(run.outputs["status"]).toBe("failure");
  expect(Number(run.outputs["critical-count"])).toBeGreaterThan(0);
  const report = await reportOf(run);
  expect(report.assets.map((a) => a.path).sort()).toEqual([`${dir}/notes.md`, `zzz/${dir}/ad.txt`]);
}

beforeAll(async () => {
  stage = await startActionStage({ token: "ghs_listinglimitstokenlistinglimit01" });
  stage.github.addCommit({ branch: "main", files: { "README.md": "Media.\n" } });
});

describe("action past GitHub's listing limits (built dist/index.js, emulator, GitHub stand-in)", () => {
  it("action on a 3,001-file pull request reviews the file GitHub lists 3,001st, read from the Git trees, and fails on its claim", {
    timeout: 120_000,
  }, async () => {
    const { base, head } = await commitPastTheLimit("pr71", 2_999);
    stage.github.openPullRequest({ number: 71, head });

    const event = pullRequestEvent(71, head, false, { baseSha: base });
    const [run, spent] = await runOn(stage, "pull_request", event, { comment: "summary-only" });
    await expectClaimReviewed(run, "pr71");
    expect(spent.uploads).toBe(2);
    expect(run.summary).toContain(
      "3,001 changed files listed by GitHub's Git trees API: GitHub's pull request files API lists only the first 3,000 files.",
    );
    expect(checkRunsOn(head).map((c) => c.conclusion)).toEqual(["failure"]);
    expect(stage.github.violations).toEqual([]);
  });

  it("action on a merge group of 302 files reviews the file past the compare's 300 and fails on its claim", {
    timeout: 60_000,
  }, async () => {
    const { base, head } = await commitPastTheLimit("mq72", 300);
    const group = {
      pullNumber: 72,
      head_ref: `refs/heads/gh-readonly-queue/main/pr-72-${base}`,
      head_sha: head,
      base_ref: "refs/heads/main",
      base_sha: base,
    };
    const [run] = await runOn(stage, "merge_group", stage.github.mergeGroupEvent(group), {
      comment: "summary-only",
    });
    await expectClaimReviewed(run, "mq72");
    expect(run.summary).toContain("GitHub's compare API lists only the first 300 files.");
    expect(checkRunsOn(head).map((c) => c.conclusion)).toEqual(["failure"]);
  });

  it("action on a push of 302 files reviews the file past the compare's 300 and fails on its claim", {
    timeout: 60_000,
  }, async () => {
    const { base, head } = await commitPastTheLimit("push73", 300);
    const push = stage.github.pushEvent({
      ref: "refs/heads/feature-73",
      before: base,
      after: head,
    });
    const [run] = await runOn(stage, "push", push, { comment: "summary-only" });
    await expectClaimReviewed(run, "push73");
    expect(checkRunsOn(head).map((c) => c.conclusion)).toEqual(["failure"]);
  });

  it("action on a 3,001-file pull request lists the rest with git in a shallow checkout, fetching its base", {
    timeout: 120_000,
  }, async () => {
    const files = pastTheLimit("pr74", 2_999);
    const origin = await mkdtemp(join(tmpdir(), "content-review-listing-origin-"));
    const checkout = `${origin}-checkout`;
    const git = (cwd: string, ...args: string[]) =>
      exec("git", ["-c", "user.name=t", "-c", "user.email=t@example.test", ...args], { cwd });
    try {
      await git(origin, "init", "-q", "-b", "main");
      await git(origin, "commit", "-q", "--allow-empty", "-m", "base");
      const base = (await git(origin, "rev-parse", "HEAD")).stdout.trim();
      await writeFiles({ ...stage, workspace: origin }, files);
      await git(origin, "add", "-A");
      await git(origin, "commit", "-q", "-m", "head");
      const head = (await git(origin, "rev-parse", "HEAD")).stdout.trim();
      await git(tmpdir(), "clone", "-q", "--depth=1", `file://${origin}`, checkout);
      // GitHub lists the first 3,000; the stand-in knows no commits of this repository.
      stage.github.addPullRequest(
        74,
        Object.entries(files).map(([filename, content]) => ({
          filename,
          status: "added",
          content,
        })),
      );

      const event = pullRequestEvent(74, head, false, { baseSha: base });
      const [run] = await runOn({ ...stage, workspace: checkout }, "pull_request", event, {
        comment: "summary-only",
      });
      await expectClaimReviewed(run, "pr74");
      expect(run.summary).toContain(
        "3,001 changed files listed by git in the checked-out repository: GitHub's pull request files API lists only the first 3,000 files.",
      );
    } finally {
      await rm(origin, { recursive: true, force: true });
      await rm(checkout, { recursive: true, force: true });
    }
  });

  it("action fails naming the limit, uploading nothing, when nothing can list past GitHub's 3,000", {
    timeout: 120_000,
  }, async () => {
    const files = pastTheLimit("pr75", 2_999);
    await writeFiles(stage, files);
    // A pull request the stand-in has no commits for: no compare, no trees; no checkout either.
    stage.github.addPullRequest(
      75,
      Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
    );
    const head = "7".repeat(40);
    const [run, spent] = await runOn(stage, "pull_request", pullRequestEvent(75, head), {
      comment: "summary-only",
    });
    expect(run.code).toBe(1);
    expect(run.outputs["status"]).toBe("failure");
    expect(spent.uploads).toBe(0);
    const [check] = checkRunsOn(head);
    expect(check?.conclusion).toBe("failure");
    expect(check?.output?.title).toContain(
      "GitHub's pull request files API lists only the first 3,000 files, and the rest could not be listed another way",
    );
    expect(run.stdout).toContain(
      "git in the checked-out repository: the workspace is not a git checkout",
    );
  });
});
