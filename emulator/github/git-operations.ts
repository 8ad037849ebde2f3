import { gitBlobSha } from "./git-history.ts";
import { type GithubOperation, NOT_FOUND, page } from "./github-operation.ts";
import { commitView, pullView } from "./github-views.ts";

/** GitHub lists at most 300 files of a comparison. */
export const MAX_COMPARE_FILES = 300;

/** GitHub lists at most this many commits of a pull request. */
const PULL_COMMITS_LIMIT = 250;

/**
 * Compares, the pull requests of a commit, a pull request's commits, and Git trees and blobs,
 * from the commit history.
 */
export const GIT_OPERATIONS: Readonly<Record<string, GithubOperation>> = {
  // Oldest first, the first 250 only, as GitHub lists them; a seeded PR has no commits behind it.
  "pulls/list-commits": (ctx) => {
    const number = Number(ctx.params["pull_number"]);
    const pr = ctx.state.pullRequests.get(number);
    if (pr === undefined) return ctx.state.pulls.has(number) ? page(ctx, []) : NOT_FOUND;
    const commits = [...pr.commits].slice(0, PULL_COMMITS_LIMIT);
    return page(
      ctx,
      commits.map((sha) =>
        commitView(ctx.state.git.commits.get(sha)!, ctx.baseUrl, ctx.repository),
      ),
    );
  },
  // The commits reachable from `sha` (default: the default branch), newest first, as GitHub's
  // commit listing gives them; a commit GitHub does not know answers 404.
  "repos/list-commits": (ctx) => {
    const { git } = ctx.state;
    const head = git.resolve(ctx.url.searchParams.get("sha") ?? "main");
    if (head === undefined) return NOT_FOUND;
    const newestFirst = git.commitsBetween(undefined, head).reverse();
    return page(
      ctx,
      newestFirst.map((c) => commitView(c, ctx.baseUrl, ctx.repository)),
    );
  },
  "repos/compare-commits-with-basehead": (ctx) => {
    const { git, compares } = ctx.state;
    const basehead = ctx.params["basehead"] ?? "";
    const seeded = compares.get(basehead);
    if (seeded !== undefined)
      return {
        status: 200,
        body: {
          status: "ahead",
          ahead_by: 1,
          behind_by: 0,
          total_commits: 1,
          commits: [],
          files: seeded.slice(0, MAX_COMPARE_FILES),
        },
      };
    const [baseRef = "", headRef = ""] = basehead.split("...");
    const base = git.resolve(baseRef);
    const head = git.resolve(headRef);
    // GitHub answers 404 for a comparison with an unknown commit or branch.
    if (base === undefined || head === undefined) return NOT_FOUND;
    const from = git.mergeBase(base, head);
    const ahead = git.commitsBetween(base, head);
    const behind = git.commitsBetween(head, base);
    const perPage = Number(ctx.url.searchParams.get("per_page") ?? 250);
    const current = Number(ctx.url.searchParams.get("page") ?? 1);
    const view = (c: Parameters<typeof commitView>[0]) =>
      commitView(c, ctx.baseUrl, ctx.repository);
    return {
      status: 200,
      body: {
        url: `${ctx.baseUrl}/repos/${ctx.repository}/compare/${basehead}`,
        html_url: `https://github.com/${ctx.repository}/compare/${basehead}`,
        status:
          ahead.length === 0
            ? behind.length === 0
              ? "identical"
              : "behind"
            : behind.length === 0
              ? "ahead"
              : "diverged",
        ahead_by: ahead.length,
        behind_by: behind.length,
        total_commits: ahead.length,
        base_commit: view(base),
        merge_base_commit: from === undefined ? null : view(from),
        commits: ahead.slice((current - 1) * perPage, current * perPage).map(view),
        // The files come on every page, up to 300, as GitHub lists them.
        files: git.diff(from, head).slice(0, MAX_COMPARE_FILES),
      },
    };
  },
  "repos/list-pull-requests-associated-with-commit": (ctx) => {
    const { git, pullRequests } = ctx.state;
    const sha = git.resolve(ctx.params["commit_sha"] ?? "")?.sha ?? ctx.params["commit_sha"];
    // A PR's own commits and its merge commit; never a merge queue commit.
    const items = [...pullRequests.values()]
      .filter((pr) => (sha !== undefined && pr.commits.has(sha)) || pr.merged?.sha === sha)
      .map((pr) => pullView(pr, ctx.repository));
    return page(ctx, items);
  },
  "git/get-tree": (ctx) => {
    const { git, trees, blobs } = ctx.state;
    const treeSha = ctx.params["tree_sha"] ?? "";
    const seeded = trees.get(treeSha);
    const commit = git.resolve(treeSha);
    if (seeded === undefined && commit === undefined) return NOT_FOUND;
    const entries =
      seeded === undefined
        ? [...(commit?.tree ?? [])].map(([path, f]) => ({ path, ...f }))
        : Object.entries(seeded).map(([path, f]) => ({
            path,
            content: Buffer.from(f.content),
            mode: f.mode ?? "100644",
            sha: gitBlobSha(f.content),
          }));
    return {
      status: 200,
      body: {
        sha: treeSha,
        url: `${ctx.baseUrl}/repos/${ctx.repository}/git/trees/${treeSha}`,
        truncated: false,
        tree: entries.map((f) => {
          blobs.set(f.sha, f.content);
          return {
            path: f.path,
            mode: f.mode,
            type: "blob",
            sha: f.sha,
            size: f.content.length,
            url: `${ctx.baseUrl}/repos/${ctx.repository}/git/blobs/${f.sha}`,
          };
        }),
      },
    };
  },
  "git/get-blob": (ctx) => {
    const sha = ctx.params["file_sha"] ?? "";
    const content = ctx.state.blobs.get(sha) ?? ctx.state.git.blobs.get(sha);
    if (content === undefined) return NOT_FOUND;
    // `mediaType: { format: "raw" }` asks for `application/vnd.github.v3.raw`.
    if (/^application\/vnd\.github(\.v3)?\.raw/.test(ctx.headers.accept ?? ""))
      return {
        status: 200,
        raw: content,
        headers: { "content-type": "application/vnd.github.raw+json" },
      };
    return {
      status: 200,
      body: {
        sha,
        size: content.length,
        encoding: "base64",
        content: content.toString("base64"),
      },
    };
  },
};
