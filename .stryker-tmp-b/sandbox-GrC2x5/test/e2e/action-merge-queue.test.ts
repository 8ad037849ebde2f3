// @ts-nocheck
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator/index.ts";
import { startFakeGithub } from "../fakes/github/index.ts";
import { gitBlobSha } from "../helpers/git-blob-sha.ts";
import { pullRequestEvent } from "./action-harness.ts";
import { CALM, CLAIMS, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";

let stage: Stage;
const sha = (digit: string) => digit.repeat(40);
const MAIN = "b".repeat(40);

/** Pull request `pr` at `head`: its files in the workspace and the fake, reviewed once. */
async function reviewedPullRequest(pr: number, head: string, files: Record<string, string>) {
  await writeFiles(stage, files);
  stage.github.addPullRequest(
    pr,
    Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
  );
  const [run, spent] = await runOn(stage, "pull_request", pullRequestEvent(pr, head), {
    comment: "summary-only",
  });
  expect(spent.uploads).toBe(Object.keys(files).length);
  return run;
}

/** GitHub's compare of `basehead`: the files, with their blob shas at the head. */
function compare(basehead: string, files: Record<string, string>) {
  stage.github.setCompare(
    basehead,
    Object.entries(files).map(([filename, content]) => ({
      filename,
      status: "added",
      sha: gitBlobSha(content),
    })),
  );
}

/** The `merge_group` event of queue commit `head` for pull request `pr`, as GitHub sends it. */
function mergeGroupEvent(pr: number, prHead: string, head: string) {
  return {
    action: "checks_requested",
    merge_group: {
      head_sha: head,
      head_ref: `refs/heads/gh-readonly-queue/main/pr-${pr}-${prHead}`,
      base_sha: MAIN,
      base_ref: "refs/heads/main",
      head_commit: { id: head, message: `Merge pull request #${pr}` },
    },
    repository: { full_name: "octo/media", name: "media", owner: { login: "octo" } },
  };
}

const checkRunsOn = (head: string) => stage.github.checkRuns.filter((c) => c.head_sha === head);

beforeAll(async () => {
  const token = "ghs_mergequeuetokenmergequeuetoken01";
  stage = {
    emu: await startEmulator({ port: 0, processingSeconds: 0 }),
    github: await startFakeGithub({ token }),
    workspace: await mkdtemp(join(tmpdir(), "content-review-merge-queue-")),
    token,
  };
});

afterAll(async () => {
  await stage?.github.close();
  await stage?.emu.close();
  if (stage !== undefined) await rm(stage.workspace, { recursive: true, force: true });
});

describe("action from pull request to main (built dist/index.js, emulator, fake GitHub)", () => {
  it("action on the merge group of a reviewed pull request uploads, submits and charges nothing, and concludes as the pull request did", async () => {
    const files = { "pr41/a.txt": CLAIMS, "pr41/b.txt": CALM, "pr41/c.txt": "Act now!\n" };
    const pr = await reviewedPullRequest(41, sha("1"), files);
    stage.github.setPullRequestHead(41, { sha: sha("1") });
    const queue = sha("2");
    compare(`${MAIN}...${queue}`, files);

    const [run, spent] = await runOn(stage, "merge_group", mergeGroupEvent(41, sha("1"), queue), {
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
    expect(checkRunsOn(queue).map((c) => c.conclusion)).toEqual([pr.outputs["status"]]);
    expect(run.stdout).toContain("(pull request #41's head)");
    expect(stage.github.violations).toEqual([]);
  });

  it("action on a merge group with a file version new to the queue charges that file only", async () => {
    const files = { "pr42/a.txt": CALM, "pr42/b.txt": CALM.replace("calm", "quiet") };
    await reviewedPullRequest(42, sha("3"), files);
    stage.github.setPullRequestHead(42, { sha: sha("3") });
    // A pull request queued ahead of this one brings a file this one never reviewed.
    const queued = { ...files, "pr40/ahead.txt": "Guaranteed results.\n" };
    await writeFiles(stage, queued);
    const queue = sha("4");
    compare(`${MAIN}...${queue}`, queued);

    const [run, spent] = await runOn(stage, "merge_group", mergeGroupEvent(42, sha("3"), queue), {
      comment: "summary-only",
      "fail-on": "never",
    });
    expect(spent).toEqual({ uploads: 1, submissions: 1, assets: 1, creditsCharged: 1 });
    expect(run.outputs).toMatchObject({ "reused-count": "2", credits: "1" });
  });

  it("action on the push to main after a squash merge charges nothing", async () => {
    const files = { "pr43/a.txt": CLAIMS, "pr43/b.txt": CALM };
    await reviewedPullRequest(43, sha("5"), files);
    const squash = sha("6");
    stage.github.setPullRequestHead(43, { sha: sha("5"), associatedWith: [squash] });
    compare(`${MAIN}...${squash}`, files);

    const [run, spent] = await runOn(
      stage,
      "push",
      {
        ref: "refs/heads/main",
        before: MAIN,
        after: squash,
        repository: { full_name: "octo/media", default_branch: "main" },
      },
      { "fail-on": "never" },
    );
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(run.outputs).toMatchObject({ "reused-count": "2", credits: "0" });
    expect(checkRunsOn(squash)).toHaveLength(1);
    expect(stage.github.violations).toEqual([]);
  });
});
