import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readGithubContext } from "../../../src/action/github/read-github-context.ts";

async function context(eventName: string, payload: unknown) {
  const dir = await mkdtemp(join(tmpdir(), "event-"));
  await writeFile(join(dir, "event.json"), JSON.stringify(payload));
  return readGithubContext({
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: join(dir, "event.json"),
    GITHUB_REPOSITORY: "octo/media",
    GITHUB_SHA: "f".repeat(40),
    GITHUB_API_URL: "https://ghe.example.com/api/v3/",
  });
}

const pr = (head: unknown) => ({
  pull_request: {
    number: 3,
    head: { sha: "h".repeat(40), repo: head },
    base: { sha: "b".repeat(40), repo: { full_name: "octo/media" } },
  },
});

describe("readGithubContext", () => {
  it.each([
    ["same repository", { full_name: "octo/media", fork: false }, false],
    ["a fork", { full_name: "someone/media", fork: true }, true],
    ["a deleted fork", null, true],
  ])("readGithubContext sees a PR from %s (fork: %s)", async (_what, head, fork) => {
    const ctx = await context("pull_request", pr(head));
    expect(ctx).toMatchObject({
      owner: "octo",
      repo: "media",
      sha: "h".repeat(40),
      apiUrl: "https://ghe.example.com/api/v3",
    });
    expect(ctx.pullRequest).toEqual({
      number: 3,
      headSha: "h".repeat(40),
      baseSha: "b".repeat(40),
      isFork: fork,
    });
  });

  it.each([
    ["synchronize", "1".repeat(40), "1".repeat(40)],
    ["opened", "1".repeat(40), undefined],
    ["synchronize", "0".repeat(40), undefined],
    ["synchronize", undefined, undefined],
  ])(
    "readGithubContext reads a PR %s event's before %s as the previous head %s",
    async (action, before, previous) => {
      const ctx = await context("pull_request", {
        action,
        ...(before === undefined ? {} : { before, after: "h".repeat(40) }),
        ...pr({ full_name: "octo/media", fork: false }),
      });
      expect(ctx.pullRequest?.previousHeadSha).toBe(previous);
    },
  );

  it("readGithubContext reads the repository id from GITHUB_REPOSITORY_ID, never from a payload, which not every event carries alike", async () => {
    const dir = await mkdtemp(join(tmpdir(), "event-"));
    await writeFile(join(dir, "event.json"), JSON.stringify({ repository: { id: 1296269 } }));
    const env = {
      GITHUB_EVENT_NAME: "push",
      GITHUB_EVENT_PATH: join(dir, "event.json"),
      GITHUB_REPOSITORY: "octo/media",
    };
    expect(readGithubContext(env).repositoryId).toBeUndefined();
    expect(readGithubContext({ ...env, GITHUB_REPOSITORY_ID: "42" }).repositoryId).toBe("42");
    expect(readGithubContext({ ...env, GITHUB_REPOSITORY_ID: "" }).repositoryId).toBeUndefined();
  });

  it("readGithubContext reads the PR author's login, which the relay link carries", async () => {
    const payload = pr({ full_name: "octo/media", fork: false });
    const ctx = await context("pull_request", {
      pull_request: { ...payload.pull_request, user: { login: "octocat" } },
    });
    expect(ctx.pullRequest?.author).toBe("octocat");
  });

  it.each([
    [3000, 3000],
    [undefined, undefined],
    ["3000", undefined],
  ])("readGithubContext reads the PR's changed_files %s as %s", async (sent, read) => {
    const payload = pr({ full_name: "octo/media", fork: false });
    const ctx = await context("pull_request", {
      pull_request: { ...payload.pull_request, changed_files: sent },
    });
    expect(ctx.pullRequest?.changedFiles).toBe(read);
  });

  it("readGithubContext reads a push's before, after, ref and default branch", async () => {
    const ctx = await context("push", {
      before: "1".repeat(40),
      after: "2".repeat(40),
      ref: "refs/heads/feature",
      repository: { default_branch: "main" },
    });
    expect(ctx).toMatchObject({
      sha: "2".repeat(40),
      push: {
        before: "1".repeat(40),
        after: "2".repeat(40),
        ref: "refs/heads/feature",
        defaultBranch: "main",
        deleted: false,
      },
      pullRequest: undefined,
    });
  });

  it.each([
    ["deleted: true", { deleted: true, after: "0".repeat(40) }],
    ["an all-zero after", { after: "0".repeat(40) }],
  ])("readGithubContext sees a branch deletion from %s", async (_what, extra) => {
    const ctx = await context("push", { before: "1".repeat(40), ref: "refs/heads/x", ...extra });
    expect(ctx.push?.deleted).toBe(true);
  });

  it.each([
    ["refs/heads/gh-readonly-queue/main/pr-42-0123abcd", 42],
    ["refs/heads/gh-readonly-queue/release/1.x/pr-7-89ef", 7],
    ["refs/heads/some-other-branch", undefined],
  ])(
    "readGithubContext reads a merge_group event with head_ref %s (pull request %s)",
    async (headRef, pullNumber) => {
      const ctx = await context("merge_group", {
        action: "checks_requested",
        merge_group: {
          head_sha: "9".repeat(40),
          head_ref: headRef,
          base_sha: "8".repeat(40),
          base_ref: "refs/heads/main",
        },
      });
      expect(ctx).toMatchObject({
        sha: "9".repeat(40),
        pullRequest: undefined,
        push: undefined,
        mergeGroup: { headSha: "9".repeat(40), baseSha: "8".repeat(40), headRef, pullNumber },
      });
    },
  );
});
