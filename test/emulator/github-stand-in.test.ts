import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GITHUB_ROUTES } from "../../emulator/github/github-routes.ts";
import {
  checkAgainstOpenApi,
  type GithubStandIn,
  startGithubStandIn,
} from "../../emulator/github/index.ts";

const TOKEN = "ghs_standintokenstandintokenstandin1";
const OTHER = "ghs_otherappstandinotherappstandin01";
const REPO = "/repos/octo/media";

let github: GithubStandIn;

async function call(
  method: string,
  path: string,
  body?: unknown,
  token = TOKEN,
  // biome-ignore lint/suspicious/noExplicitAny: answers are JSON, which the assertions check.
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${github.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `token ${token}`,
      accept: "application/vnd.github+json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

function blobSha(text: string): string {
  return createHash("sha1")
    .update(`blob ${Buffer.byteLength(text)}\0${text}`)
    .digest("hex");
}

const LINES = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `${word} ${i + 1}`).join("\n");

beforeAll(async () => {
  github = await startGithubStandIn({
    token: TOKEN,
    otherApps: { [OTHER]: { id: 77, slug: "other", name: "Other" } },
  });
});
afterAll(async () => {
  await github.close();
});

describe("startGithubStandIn: commits, pull requests and merge queues as GitHub derives them", () => {
  it("compare of two commits lists files with blob sha, status, patch and counts", async () => {
    const base = github.addCommit({
      branch: "cmp-main",
      files: { "ad.txt": `${LINES(20, "calm")}\n`, "gone.txt": "bye\n" },
    });
    const after = `${LINES(20, "calm").replace("calm 10", "cures 10")}\n`;
    const head = github.addCommit({
      parents: [base],
      files: { "ad.txt": after, "gone.txt": null, "new.txt": "hello\n" },
    });
    const { status, json } = await call("GET", `${REPO}/compare/${base}...${head}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: "ahead", ahead_by: 1, total_commits: 1 });
    expect(json.commits.map((c: { sha: string }) => c.sha)).toEqual([head]);
    expect(json.files).toEqual([
      expect.objectContaining({
        filename: "ad.txt",
        status: "modified",
        sha: blobSha(after),
        additions: 1,
        deletions: 1,
        patch: expect.stringMatching(/^@@ -7,7 \+7,7 @@\n calm 7\n/),
      }),
      expect.objectContaining({ filename: "gone.txt", status: "removed" }),
      expect.objectContaining({ filename: "new.txt", status: "added", sha: blobSha("hello\n") }),
    ]);
    expect((await call("GET", `${REPO}/compare/${base}...${"f".repeat(40)}`)).status).toBe(404);
  });

  it("commits?sha= lists the commits reachable from a head, newest first, per_page of them", async () => {
    const root = github.addCommit({ branch: "list-main", files: { "a.txt": "a\n" } });
    const one = github.addCommit({ parents: [root], files: { "a.txt": "b\n" } });
    const two = github.addCommit({ parents: [one], files: { "a.txt": "c\n" } });
    const listed = await call("GET", `${REPO}/commits?sha=${two}&per_page=2`);
    expect(listed.status).toBe(200);
    expect(listed.json.map((c: { sha: string }) => c.sha)).toEqual([two, one]);
    const all = await call("GET", `${REPO}/commits?sha=${two}`);
    expect(all.json.map((c: { sha: string }) => c.sha)).toEqual([two, one, root]);
    expect((await call("GET", `${REPO}/commits?sha=${"f".repeat(40)}`)).status).toBe(404);
  });

  it("pull request files derive from its commits; commits/{sha}/pulls knows its head commits and its squash commit, never a queue commit", async () => {
    const main = github.addCommit({ branch: "main", files: { "ad.txt": "calm\n" } });
    const first = github.addCommit({ parents: [main], files: { "ad.txt": "bold\n" } });
    github.openPullRequest({ number: 41, head: first });
    const second = github.addCommit({ parents: [first], files: { "b.txt": "two\n" } });
    github.pushPullRequest(41, second);
    const files = await call("GET", `${REPO}/pulls/41/files`);
    expect(files.json.map((f: { filename: string; sha: string }) => [f.filename, f.sha])).toEqual([
      ["ad.txt", blobSha("bold\n")],
      ["b.txt", blobSha("two\n")],
    ]);

    const group = github.createMergeGroup(41);
    expect(group).toMatchObject({
      base_sha: main,
      base_ref: "refs/heads/main",
      head_ref: `refs/heads/gh-readonly-queue/main/pr-41-${main}`,
    });
    const queued = await call("GET", `${REPO}/compare/${group.base_sha}...${group.head_sha}`);
    expect(queued.json.files.map((f: { filename: string }) => f.filename)).toEqual([
      "ad.txt",
      "b.txt",
    ]);
    const merged = github.mergePullRequest(41);
    expect(merged).toMatchObject({ ref: "refs/heads/main", before: main });

    const pullsOf = async (sha: string) =>
      (await call("GET", `${REPO}/commits/${sha}/pulls`)).json.map(
        (pr: { number: number }) => pr.number,
      );
    expect(await pullsOf(first)).toEqual([41]);
    expect(await pullsOf(second)).toEqual([41]);
    expect(await pullsOf(merged.after)).toEqual([41]);
    expect(await pullsOf(group.head_sha)).toEqual([]);
    expect(await pullsOf(main)).toEqual([]);
    const squash = await call("GET", `${REPO}/compare/${merged.before}...${merged.after}`);
    expect(squash.json.files.map((f: { sha: string }) => f.sha)).toEqual([
      blobSha("bold\n"),
      blobSha("two\n"),
    ]);
    expect(github.violations).toEqual([]);
  });

  it("pull request files stop at GitHub's 3,000 and compares at its 300, seeded or derived, with nothing said of the rest", async () => {
    const many = (n: number) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [`cap/f${String(i).padStart(4, "0")}.json`, "{}\n"]),
      );
    const base = github.addCommit({ branch: "cap-main", files: { "README.md": "cap\n" } });
    const head = github.addCommit({ parents: [base], files: many(3001) });
    github.openPullRequest({ number: 51, head, base: "cap-main" });
    const listed: string[] = [];
    for (let page = 1; page <= 31; page++) {
      const { json } = await call("GET", `${REPO}/pulls/51/files?per_page=100&page=${page}`);
      listed.push(...json.map((f: { filename: string }) => f.filename));
    }
    expect(listed).toHaveLength(3000);
    expect(listed).not.toContain("cap/f3000.json");
    github.addPullRequest(
      52,
      Object.keys(many(3001)).map((filename) => ({ filename, status: "added" })),
    );
    const seeded = await call("GET", `${REPO}/pulls/52/files?per_page=100&page=31`);
    expect(seeded.json).toEqual([]);

    const compared = await call("GET", `${REPO}/compare/${base}...${head}`);
    expect(compared.json.files).toHaveLength(300);
    github.setCompare(
      "x...y",
      Object.keys(many(301)).map((filename) => ({ filename, status: "added" })),
    );
    expect((await call("GET", `${REPO}/compare/x...y`)).json.files).toHaveLength(300);
  });

  it("review comments are written by the token's App's bot user, <slug>[bot], whom GET /users knows, and only their author may edit them", async () => {
    github.addPullRequest(53, [{ filename: "a.txt", status: "added", content: "a\n" }]);
    const body = { path: "a.txt", body: "note", subject_type: "file", commit_id: "5".repeat(40) };
    const byApp = await call("POST", `${REPO}/pulls/53/comments`, body, OTHER);
    expect(byApp.json.user).toMatchObject({ login: "other[bot]", id: 100_000_077, type: "Bot" });
    const byActions = await call("POST", `${REPO}/pulls/53/comments`, body);
    expect(byActions.json.user).toMatchObject({ login: "github-actions[bot]", type: "Bot" });
    expect((await call("GET", "/users/other%5Bbot%5D", undefined, OTHER)).json.id).toBe(
      100_000_077,
    );

    const edit = (id: number, token: string) =>
      call("PATCH", `${REPO}/pulls/comments/${id}`, { body: "edited" }, token);
    expect((await edit(byApp.json.id, TOKEN)).status).toBe(403);
    expect((await edit(byActions.json.id, OTHER)).status).toBe(403);
    expect((await edit(byApp.json.id, OTHER)).status).toBe(200);
  });

  it("the userLookup quirk makes GET /users answer 404 (not-found) or 503 (unavailable) for a login it knows", async () => {
    const lookup = async () => (await call("GET", "/users/github-actions%5Bbot%5D")).status;
    try {
      github.setQuirks({ userLookup: "not-found" });
      expect(await lookup()).toBe(404);
      github.setQuirks({ userLookup: "unavailable" });
      expect(await lookup()).toBe(503);
    } finally {
      github.setQuirks({ userLookup: "answer" });
    }
    expect(await lookup()).toBe(200);
  });

  it("a path with a malformed escape is refused (no such operation), and the stand-in keeps serving", async () => {
    const bad = await call("GET", "/repos/octo/%E0/pulls/1/files");
    expect([404, 422]).toContain(bad.status);
    expect((await call("GET", `${REPO}/commits/${"a".repeat(40)}/check-runs`)).status).not.toBe(
      500,
    );
  });

  it("mergeGroupEvent and pushEvent are the payloads GitHub sends", () => {
    const base = github.addCommit({ branch: "ev-main", files: { "a.txt": "a\n" } });
    const head = github.addCommit({ parents: [base], files: { "a.txt": "b\n" } });
    github.openPullRequest({ number: 42, head, base: "ev-main" });
    const group = github.createMergeGroup(42);
    const event = github.mergeGroupEvent(group);
    expect(event).toMatchObject({
      action: "checks_requested",
      merge_group: {
        head_sha: group.head_sha,
        head_ref: `refs/heads/gh-readonly-queue/ev-main/pr-42-${base}`,
        base_sha: base,
        base_ref: "refs/heads/ev-main",
        head_commit: { id: group.head_sha },
      },
      repository: { full_name: "octo/media" },
    });
    const merged = github.mergePullRequest(42);
    expect(github.pushEvent(merged)).toMatchObject({
      ref: "refs/heads/ev-main",
      before: base,
      after: merged.after,
      head_commit: { id: merged.after, modified: ["a.txt"] },
      commits: [{ id: merged.after }],
      repository: { full_name: "octo/media", default_branch: "main" },
    });
  });

  it("a review comment on a line outside the diff gets GitHub's 422, in a review and alone", async () => {
    const base = github.addCommit({ files: { "ad.txt": `${LINES(30, "calm")}\n` } });
    const head = github.addCommit({
      parents: [base],
      files: { "ad.txt": `${LINES(30, "calm").replace("calm 15", "cures 15")}\n` },
    });
    github.setBranch("lines-main", base);
    github.openPullRequest({ number: 43, head, base: "lines-main" });
    const comment = (line: number) => ({ path: "ad.txt", body: "claim", line, side: "RIGHT" });

    const review = await call("POST", `${REPO}/pulls/43/reviews`, {
      commit_id: head,
      event: "COMMENT",
      body: "review",
      comments: [comment(15), comment(2)],
    });
    expect(review.status).toBe(422);
    expect(review.json).toMatchObject({
      message: "Unprocessable Entity",
      errors: [expect.stringContaining("Pull request review thread line must be part of the diff")],
    });
    const single = await call("POST", `${REPO}/pulls/43/comments`, {
      commit_id: head,
      ...comment(2),
    });
    expect(single.status).toBe(422);
    expect(single.json).toMatchObject({
      message: "Validation Failed",
      errors: [
        {
          field: "pull_request_review_thread.line",
          message: "pull_request_review_thread.line must be part of the diff",
        },
      ],
    });
    // Lines of the hunk (the change and its context) are accepted.
    for (const line of [12, 15, 18]) {
      expect(
        (await call("POST", `${REPO}/pulls/43/comments`, { commit_id: head, ...comment(line) }))
          .status,
      ).toBe(201);
    }
    expect(
      (await call("POST", `${REPO}/pulls/43/comments`, { commit_id: head, ...comment(19) })).status,
    ).toBe(422);
  });

  it("check runs of a ref filter by app_id", async () => {
    const sha = "a".repeat(40);
    const run = {
      name: "Content review",
      head_sha: sha,
      status: "completed",
      conclusion: "success",
    };
    await call("POST", `${REPO}/check-runs`, run);
    await call("POST", `${REPO}/check-runs`, run, OTHER);
    const list = async (query: string) =>
      (await call("GET", `${REPO}/commits/${sha}/check-runs?${query}`)).json.check_runs.map(
        (r: { app: { id: number } }) => r.app.id,
      );
    expect(await list("check_name=Content%20review")).toEqual([77, 15368]);
    expect(await list("check_name=Content%20review&app_id=15368")).toEqual([15368]);
    expect(await list("app_id=77")).toEqual([77]);
  });
});

describe("startGithubStandIn: routing without GitHub's description, and extra operations", () => {
  it.each(GITHUB_ROUTES.map((r) => [r.operationId, r]))(
    "GITHUB_ROUTES names %s as GitHub's description does",
    (operationId, route) => {
      const path = route.template.replace(/\{[^}]+\}/g, (m) =>
        m === "{basehead}" ? "a...b" : /number|_id/.test(m) ? "7" : "x",
      );
      const body =
        route.method === "GET"
          ? ""
          : JSON.stringify(
              {
                "repos/create-commit-status": { state: "success" },
                "checks/create": { name: "n", head_sha: "a".repeat(40) },
                "checks/update": {},
                "pulls/create-review-comment": {
                  body: "b",
                  commit_id: "a".repeat(40),
                  path: "p",
                  line: 1,
                },
                "pulls/update-review-comment": { body: "b" },
                "pulls/create-review": {},
              }[operationId] ?? {},
            );
      expect(checkAgainstOpenApi(route.method, path, body)).toMatchObject({
        ok: true,
        operationId,
      });
    },
  );

  it("with validate off, routes by GITHUB_ROUTES; an App operation takes the App's JWT, not the token", async () => {
    const plain = await startGithubStandIn({ token: TOKEN, validate: false });
    try {
      const base = plain.addCommit({ files: { "a.txt": "a\n" } });
      const head = plain.addCommit({ parents: [base], files: { "a.txt": "b\n" } });
      const res = await fetch(`${plain.apiUrl}${REPO}/compare/${base}...${head}`, {
        headers: { authorization: `token ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { files: unknown[] }).files).toHaveLength(1);
      const installation = await fetch(`${plain.apiUrl}${REPO}/installation`, {
        headers: { authorization: `token ${TOKEN}` },
      });
      expect(installation.status).toBe(401);
      expect(((await installation.json()) as { message: string }).message).toMatch(
        /JSON web token/,
      );
      const unknown = await fetch(`${plain.apiUrl}${REPO}/issues`, {
        headers: { authorization: `token ${TOKEN}` },
      });
      expect(unknown.status).toBe(404);
      expect((await fetch(`${plain.apiUrl}${REPO}/compare/${base}...${head}`)).status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
