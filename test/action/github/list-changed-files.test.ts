import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { listChangedFiles, MAX_PR_FILES } from "../../../src/action/github/list-changed-files.ts";
import type { GithubContext } from "../../../src/action/github/read-github-context.ts";
import { API, testContext, testGithub } from "../github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

/** Serves `files` as GitHub pages a PR's files: 100 a page, with a `next` link. */
function pullRequestFiles(
  files: { filename: string; status: string; patch?: string; sha?: string | null }[],
  pages: number,
) {
  for (let page = 1; page <= pages; page++) {
    const link: Record<string, string> =
      page * 100 < files.length
        ? {
            link: `<${API}/repos/octo/media/pulls/7/files?per_page=100&page=${page + 1}>; rel="next"`,
          }
        : {};
    nock(API)
      .get("/repos/octo/media/pulls/7/files")
      .query({ per_page: "100", ...(page > 1 ? { page: String(page) } : {}) })
      .reply(200, files.slice((page - 1) * 100, page * 100), link);
  }
}

function push(extra: Partial<NonNullable<GithubContext["push"]>>): Partial<GithubContext> {
  return {
    eventName: "push",
    pullRequest: undefined,
    push: {
      before: "1".repeat(40),
      after: "2".repeat(40),
      ref: "refs/heads/feature",
      defaultBranch: "main",
      deleted: false,
      ...extra,
    },
  };
}

describe("listChangedFiles", () => {
  it("listChangedFiles pages through a PR's files and leaves out removed ones", async () => {
    const files = Array.from({ length: 230 }, (_, i) => ({
      filename: `f${i}.png`,
      status: i % 10 === 0 ? "removed" : "added",
    }));
    pullRequestFiles(files, 3);
    const changed = await listChangedFiles(testGithub(), testContext());
    expect(changed?.paths).toHaveLength(207);
    expect(changed?.paths).not.toContain("f0.png");
    expect(changed?.truncated).toBe(false);
  });

  it("listChangedFiles keeps, per file, the new file's lines that the PR's diff shows", async () => {
    pullRequestFiles(
      [
        { filename: "a.txt", status: "modified", patch: "@@ -4,2 +4,3 @@\n four\n+five\n six" },
        { filename: "b.png", status: "added" },
      ],
      1,
    );
    const changed = await listChangedFiles(testGithub(), testContext());
    expect([...(changed?.diffLines.get("a.txt") ?? [])]).toEqual([4, 5, 6]);
    expect(changed?.diffLines.get("b.png")?.size).toBe(0);
  });

  it("listChangedFiles stops at GitHub's 3000 listed files, removed ones included, and says so", async () => {
    // GitHub would link a 31st page; asking for it would be a request nock does not expect.
    const files = Array.from({ length: MAX_PR_FILES + 100 }, (_, i) => ({
      filename: `f${i}.png`,
      status: i % 2 === 0 ? "removed" : "modified",
    }));
    pullRequestFiles(files, 30);
    const changed = await listChangedFiles(testGithub(), testContext());
    expect(changed?.paths).toHaveLength(1500);
    expect(changed?.truncated).toBe(true);
    expect(nock.isDone()).toBe(true);
  });

  it.each([
    ["a push", { before: "1".repeat(40) }, `${"1".repeat(40)}...${"2".repeat(40)}`],
    [
      "a new branch, against the default branch",
      { before: "0".repeat(40) },
      `main...${"2".repeat(40)}`,
    ],
  ])("listChangedFiles uses the compare of %s", async (_what, extra, basehead) => {
    nock(API)
      .get(`/repos/octo/media/compare/${basehead}`)
      .query(true)
      .reply(200, {
        files: [
          { filename: "a.png", status: "modified", sha: "a".repeat(40) },
          { filename: "b.png", status: "removed", sha: "0".repeat(40) },
          { filename: "c.png", status: "renamed" },
        ],
      });
    const changed = await listChangedFiles(testGithub(), testContext(push(extra)));
    expect(changed).toEqual({
      paths: ["a.png", "c.png"],
      truncated: false,
      diffLines: new Map(),
    });
  });

  it("listChangedFiles on a merge group compares its base with the queue commit", async () => {
    nock(API)
      .get(`/repos/octo/media/compare/${"8".repeat(40)}...${"9".repeat(40)}`)
      .query(true)
      .reply(200, {
        files: [
          { filename: "a.txt", status: "added", sha: "a".repeat(40) },
          { filename: "gone.txt", status: "removed", sha: "0".repeat(40) },
        ],
      });
    const changed = await listChangedFiles(
      testGithub(),
      testContext({
        eventName: "merge_group",
        sha: "9".repeat(40),
        pullRequest: undefined,
        mergeGroup: {
          headSha: "9".repeat(40),
          baseSha: "8".repeat(40),
          headRef: "refs/heads/gh-readonly-queue/main/pr-4-abc",
          pullNumber: 4,
        },
      }),
    );
    expect(changed).toEqual({
      paths: ["a.txt"],
      truncated: false,
      diffLines: new Map(),
    });
  });

  it("listChangedFiles compares base and head when the token may not list the PR's files", async () => {
    nock(API)
      .get("/repos/octo/media/pulls/7/files")
      .query(true)
      .reply(403, { message: "Resource not accessible by integration" });
    nock(API)
      .get(`/repos/octo/media/compare/${"b".repeat(40)}...${"c".repeat(40)}`)
      .query(true)
      .reply(200, { files: [{ filename: "a.png", status: "added" }] });
    const changed = await listChangedFiles(testGithub(), testContext());
    expect(changed).toMatchObject({ paths: ["a.png"], truncated: false });
    expect(changed?.fallback).toContain('"pull-requests: read"');
  });

  it("listChangedFiles lists nothing for a push that deleted the branch, without a request", async () => {
    const changed = await listChangedFiles(
      testGithub(),
      testContext(push({ after: "0".repeat(40), deleted: true })),
    );
    expect(changed).toEqual({
      paths: [],
      truncated: false,
      diffLines: new Map(),
    });
  });

  it.each([
    ["workflow_dispatch", {}],
    [
      "the first push of the default branch",
      push({ before: "0".repeat(40), ref: "refs/heads/main" }),
    ],
    [
      "a first push without a known default branch",
      push({ before: "0".repeat(40), defaultBranch: undefined }),
    ],
  ])(
    "listChangedFiles has no change list for %s (every matching file is reviewed)",
    async (what, extra) => {
      const context =
        what === "workflow_dispatch"
          ? testContext({ eventName: what, pullRequest: undefined })
          : testContext(extra);
      expect(await listChangedFiles(testGithub(), context)).toBeNull();
    },
  );
});
