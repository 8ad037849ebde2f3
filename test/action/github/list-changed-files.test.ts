import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { listChangedFiles, MAX_PR_FILES } from "../../../src/action/github/list-changed-files.ts";
import { ListingCutShortError } from "../../../src/action/github/listing-cut-short-error.ts";
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

const BASE = "e".repeat(40);

function compareOf(base: string, head: string, body: object) {
  nock(API).get(`/repos/octo/media/compare/${base}...${head}`).query(true).reply(200, body);
}

function treeOf(sha: string, tree: object[], truncated = false) {
  nock(API)
    .get(`/repos/octo/media/git/trees/${sha}`)
    .query({ recursive: "true" })
    .reply(200, { sha, truncated, tree });
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
    expect(changed?.source).toBe("pull-request-files");
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

  it("listChangedFiles stops at GitHub's 3000 listed files and, with no other source, fails naming the limit", async () => {
    // GitHub would link a 31st page; asking for it would be a request nock does not expect.
    const files = Array.from({ length: MAX_PR_FILES + 100 }, (_, i) => ({
      filename: `f${i}.png`,
      status: i % 2 === 0 ? "removed" : "modified",
    }));
    pullRequestFiles(files, 30);
    compareOf("b".repeat(40), "c".repeat(40), { files: [], merge_base_commit: { sha: BASE } });
    // The workspace is no checkout, and the trees cannot be read.
    nock(API).get(`/repos/octo/media/git/trees/${BASE}`).query(true).reply(404, {});
    const failed = listChangedFiles(testGithub(), testContext());
    await expect(failed).rejects.toBeInstanceOf(ListingCutShortError);
    await expect(failed).rejects.toThrow(
      /lists only the first 3,000 files, and the rest could not be listed another way \(git in the checked-out repository: the workspace is not a git checkout; GitHub's Git trees API: the trees could not be read \(HTTP 404\)\)\. Nothing was reviewed/,
    );
    expect(nock.isDone()).toBe(true);
  });

  it("listChangedFiles takes a list of exactly 3000 as whole when the PR says it changes 3000 files", async () => {
    const files = Array.from({ length: MAX_PR_FILES }, (_, i) => ({
      filename: `f${i}.json`,
      status: "added",
    }));
    pullRequestFiles(files, 30);
    const pullRequest = { ...testContext().pullRequest!, changedFiles: MAX_PR_FILES };
    const changed = await listChangedFiles(testGithub(), testContext({ pullRequest }));
    expect(changed?.paths).toHaveLength(MAX_PR_FILES);
    expect(changed?.source).toBe("pull-request-files");
    expect(nock.isDone()).toBe(true);
  });

  it("listChangedFiles completes a PR list cut at 3000 with the Git trees of the merge base and the head", async () => {
    const files = Array.from({ length: MAX_PR_FILES }, (_, i) => ({
      filename: `f${i}.json`,
      status: "added",
    }));
    pullRequestFiles(files, 30);
    compareOf("b".repeat(40), "c".repeat(40), { files: [], merge_base_commit: { sha: BASE } });
    const blob = (path: string, sha: string) => ({ path, mode: "100644", type: "blob", sha });
    treeOf(BASE, [blob("README.md", "1".repeat(40)), blob("kept.txt", "2".repeat(40))]);
    treeOf("c".repeat(40), [
      blob("README.md", "3".repeat(40)),
      blob("kept.txt", "2".repeat(40)),
      ...files.map((f) => blob(f.filename, "4".repeat(40))),
      blob("zzz/ad.txt", "5".repeat(40)),
      { path: "zzz", mode: "040000", type: "tree", sha: "6".repeat(40) },
    ]);
    const changed = await listChangedFiles(testGithub(), testContext());
    expect(changed?.paths).toHaveLength(MAX_PR_FILES + 2);
    expect(changed?.paths.slice(-2)).toEqual(["README.md", "zzz/ad.txt"]);
    expect(changed).toMatchObject({ source: "trees", cutShort: "pull-request-files" });
    expect(nock.isDone()).toBe(true);
  });

  it("listChangedFiles fails rather than complete a list from a tree GitHub cut short", async () => {
    const files = Array.from({ length: 300 }, (_, i) => ({
      filename: `f${i}.json`,
      status: "added",
    }));
    compareOf("1".repeat(40), "2".repeat(40), { files, merge_base_commit: { sha: BASE } });
    treeOf(BASE, []);
    treeOf("2".repeat(40), [], true);
    const failed = listChangedFiles(testGithub(), testContext(push({})));
    await expect(failed).rejects.toThrow(
      /GitHub's compare API lists only the first 300 files.*GitHub cut the repository's tree short/,
    );
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
      source: "compare",
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
      source: "compare",
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
    expect(changed).toMatchObject({ paths: ["a.png"], source: "compare" });
    expect(changed?.fallback).toContain('"pull-requests: read"');
  });

  it("listChangedFiles lists nothing for a push that deleted the branch, without a request", async () => {
    const changed = await listChangedFiles(
      testGithub(),
      testContext(push({ after: "0".repeat(40), deleted: true })),
    );
    expect(changed).toEqual({
      paths: [],
      source: "compare",
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
