import { beforeAll, describe, expect, it } from "vitest";
import { pullRequestEvent } from "./action-harness.ts";
import { CALM, CLAIMS, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

let stage: Stage;

/**
 * Pull request `pr` from a commit on `main` adding `files`: its files in the workspace and the
 * stand-in's history, reviewed once on its head. Returns the head and the run.
 */
async function reviewedPullRequest(pr: number, files: Record<string, string>) {
  const head = stage.github.addCommit({ parents: [tip()], files });
  stage.github.openPullRequest({ number: pr, head });
  await writeFiles(stage, files);
  const [run, spent] = await runOn(stage, "pull_request", pullRequestEvent(pr, head), {
    comment: "summary-only",
  });
  expect(spent.uploads).toBe(Object.keys(files).length);
  return { head, run };
}

/** The tip of `main`, from a push event's view of it. */
function tip(): string {
  return stage.github.state.git.resolve("main")!.sha;
}

const checkRunsOn = (sha: string) => stage.github.checkRuns.filter((c) => c.head_sha === sha);

beforeAll(async () => {
  stage = await startActionStage({ token: "ghs_mergequeuetokenmergequeuetoken01" });
  stage.github.addCommit({ branch: "main", files: { "README.md": "Media.\n" } });
});

describe("action from pull request to main (built dist/index.js, emulator, GitHub stand-in)", () => {
  it("action on the merge group of a reviewed pull request uploads, submits and charges nothing, and concludes as the pull request did", async () => {
    const files = { "pr41/a.txt": CLAIMS, "pr41/b.txt": CALM, "pr41/c.txt": "Act now!\n" };
    const { run: pr } = await reviewedPullRequest(41, files);
    const group = stage.github.createMergeGroup(41);

    const [run, spent] = await runOn(stage, "merge_group", stage.github.mergeGroupEvent(group), {
      comment: "summary-only",
    });
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(run.outputs).toMatchObject({
      status: pr.outputs["status"],
      "critical-count": pr.outputs["critical-count"],
      "issue-count": pr.outputs["issue-count"],
      "reused-count": "3",
      credits: "0",
    });
    expect(run.code).toBe(pr.code);
    expect(checkRunsOn(group.head_sha).map((c) => c.conclusion)).toEqual([pr.outputs["status"]]);
    expect(run.stdout).toContain("(pull request #41's head)");
    // The queue commit is not the pull request's: GitHub lists no pull request for it.
    expect(
      stage.github.requests.filter((r) => r.path.endsWith(`/commits/${group.head_sha}/pulls`)),
    ).toEqual([]);
    expect(stage.github.violations).toEqual([]);
  });

  it("action on a merge group with a file version new to the queue charges that file only", async () => {
    const files = { "pr42/a.txt": CALM, "pr42/b.txt": CALM.replace("calm", "quiet") };
    await reviewedPullRequest(42, files);
    // A group of two: pull request 40, ahead of 42 in it, brings a file 42 never reviewed.
    const ahead = { "pr40/ahead.txt": "Guaranteed results.\n" };
    await writeFiles(stage, ahead);
    const base = tip();
    const head = stage.github.addCommit({ parents: [base], files: { ...ahead, ...files } });
    const group = {
      pullNumber: 42,
      head_ref: `refs/heads/gh-readonly-queue/main/pr-42-${base}`,
      head_sha: head,
      base_ref: "refs/heads/main",
      base_sha: base,
    };

    const [run, spent] = await runOn(stage, "merge_group", stage.github.mergeGroupEvent(group), {
      comment: "summary-only",
      "fail-on": "never",
    });
    expect(spent).toEqual({ uploads: 1, submissions: 1, assets: 1, creditsCharged: 1 });
    expect(run.outputs).toMatchObject({ "reused-count": "2", credits: "1" });
    expect(stage.github.violations).toEqual([]);
  });

  it("action on the push to main after a squash merge charges nothing", async () => {
    const files = { "pr43/a.txt": CLAIMS, "pr43/b.txt": CALM };
    await reviewedPullRequest(43, files);
    const merged = stage.github.mergePullRequest(43, { method: "squash" });

    const [run, spent] = await runOn(stage, "push", stage.github.pushEvent(merged), {
      "fail-on": "never",
    });
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(run.outputs).toMatchObject({ "reused-count": "2", credits: "0" });
    expect(run.stdout).toContain("(pull request #43's head)");
    expect(checkRunsOn(merged.after)).toHaveLength(1);
    expect(stage.github.violations).toEqual([]);
  });
});
