import nock from "nock";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import { commentAuthor } from "../../../src/action/review-comments/comment-author.ts";
import { deriveCommentKey } from "../../../src/action/review-comments/derive-comment-key.ts";
import { outdatedBody } from "../../../src/action/review-comments/outdated-body.ts";
import { MAX_REVIEW_COMMENTS } from "../../../src/action/review-comments/plan-review.ts";
import { publishReview } from "../../../src/action/review-comments/publish-review.ts";
import {
  FINGERPRINT_PREFIX,
  fingerprintFields,
  OUTDATED_MARKER,
} from "../../../src/action/review-comments/review-fingerprint.ts";
import {
  commentSigning,
  readSignedComment,
  signComment,
} from "../../../src/action/review-comments/signed-comment.ts";
import { assetWith, issueWith, outcomeWith } from "../../report/outcome-fixture.ts";
import { API, testContext, testGithub } from "../github-nock.ts";
import { LIVE_SCOPE } from "../signing/signing-fixture.ts";

afterEach(() => {
  nock.cleanAll();
});

const BOT = { login: "github-actions[bot]", id: 41898282, type: "Bot" };
/** Another App's bot, and an account that took a name like the Actions bot's. */
const OTHER_BOT = { login: "helper-bot[bot]", id: 7001, type: "Bot" };
const LOOKALIKE = { login: "github-actions[bot]", id: 7002, type: "Bot" };
const AUTHOR = commentAuthor({ slug: "github-actions" });
const PERSON = { login: "octocat", type: "User" };

const KEY = deriveCommentKey("sk_test_abcdefgh12345678", LIVE_SCOPE);
/** Pull request 7 of octo/media: the one `testContext` names. */
const SIGNING = commentSigning(KEY, "octo", "media", 7);
const fields = (path: string, line?: number) => fingerprintFields("CR", path, line);
/** A comment body as this run's Action writes it about `path` (and `line`). */
const genuine = (content: string, path: string, line?: number) =>
  signComment(content, fields(path, line), SIGNING);
/** The marker at the end of a signed body. */
const markerOf = (body: string) => /<!-- content-review:file [^>]*-->$/.exec(body)![0];
const verifies = (body: string) => readSignedComment(body, SIGNING).kind === "signed";

/** A review thread as GitHub's GraphQL lists it: node id, state and its first comment's id. */
const thread = (id: string, first: number, isResolved = false) => ({
  id,
  isResolved,
  comments: { nodes: [{ fullDatabaseId: String(first) }] },
});

/**
 * The Action's bot user as the server answers `GET /users/{login}` (once per run, when its
 * account has marked comments), and, when `threads` is given, the pull request's review threads.
 */
function nockAccount(threads?: ReturnType<typeof thread>[], bot = BOT) {
  nock(API).get("/users/github-actions%5Bbot%5D").reply(200, bot);
  if (threads === undefined) return;
  nock(GRAPHQL_ROOT)
    .post("/api/graphql", (body) => body.query.startsWith("query ReviewThreads"))
    .reply(200, {
      data: {
        repository: {
          pullRequest: {
            reviewThreads: { nodes: threads, pageInfo: { hasNextPage: false, endCursor: null } },
          },
        },
      },
    });
}

/** Octokit's GraphQL endpoint for a GHES API root (`…/api/v3` → `…/api/graphql`). */
const GRAPHQL_ROOT = new URL(API).origin;

/** A review as the Action posts it. */
interface PostedReview {
  readonly event?: string;
  readonly body?: string;
  readonly commit_id?: string;
  readonly comments: ({ path: string; body: string } & Record<string, unknown>)[];
}

/**
 * Answers one review posted on pull request 7 with `id`; what it returns gives that review
 * (no comments before it is posted).
 */
function acceptReview(id = 1): () => PostedReview {
  let review: PostedReview = { comments: [] };
  nock(API)
    .post("/repos/octo/media/pulls/7/reviews", (body) => {
      review = body;
      return true;
    })
    .reply(200, { id });
  return () => review;
}

describe("publishReview", () => {
  it("publishReview posts one COMMENT review with file-level comments, at most 30, worst first", async () => {
    const assets = Array.from({ length: 35 }, (_, i) =>
      assetWith(`m/f${i}.png`, [issueWith(`${i}`, i === 34 ? "critical" : "minor", `s${i}`)]),
    );
    nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, []);
    const review = acceptReview();
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith(assets),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(result.created).toBe(MAX_REVIEW_COMMENTS);
    expect(review()).toMatchObject({ event: "COMMENT", commit_id: "c".repeat(40) });
    expect(review().comments).toHaveLength(30);
    expect(review().comments[0]).toMatchObject({ path: "m/f34.png", subject_type: "file" });
    expect(review().comments[0]!.body).toContain(
      `<!-- ${FINGERPRINT_PREFIX} ${fields("m/f34.png")} sig=`,
    );
    expect(review().comments.every((c) => verifies(c.body))).toBe(true);
    expect(review().body).toContain("5 more files");
  });

  it.each([
    [404, "Not Found"],
    [503, "Service Unavailable"],
  ])(
    "publishReview whose account look-up answers %d posts the findings new, touches no earlier comment, and says why once",
    async (status, message) => {
      const outcome = outcomeWith([assetWith("m/a.png", [issueWith("1", "major", "new")])]);
      nock(API)
        .get("/repos/octo/media/pulls/7/comments")
        .query(true)
        .reply(200, [
          { id: 11, path: "m/a.png", body: genuine("old", "m/a.png"), user: BOT },
          { id: 12, path: "m/gone.png", body: genuine("old", "m/gone.png"), user: BOT },
        ]);
      nock(API).get("/users/github-actions%5Bbot%5D").reply(status, { message });
      // No PATCH is set up: an edit of comment 11 or 12 would fail the test.
      const review = acceptReview();
      // 5xx after the retries: the client here retries nothing.
      const result = await publishReview(testGithub({ retry: false }), testContext(), {
        outcome,
        checkName: "CR",
        author: AUTHOR,
        commentKey: KEY,
      });
      expect(review().comments.map((c) => c.path)).toEqual(["m/a.png"]);
      expect(result).toMatchObject({ created: 1, updated: 0, outdated: 0 });
      expect(result.authorUnknown).toMatch(
        new RegExp(
          `^Could not look up the Action's account github-actions\\[bot\\] on this GitHub \\(.*${status}.*\\): its 2 earlier comments on this pull request were left as they are`,
        ),
      );
      expect(nock.isDone()).toBe(true);
    },
  );

  it("publishReview whose account look-up stays unavailable through the Action's retries (503 on every attempt) posts the findings new, touches no earlier comment, and says why once", async () => {
    const outcome = outcomeWith([assetWith("m/a.png", [issueWith("1", "major", "new")])]);
    nock(API)
      .get("/repos/octo/media/pulls/7/comments")
      .query(true)
      .reply(200, [{ id: 11, path: "m/a.png", body: genuine("old", "m/a.png"), user: BOT }]);
    // The first attempt and the retry plugin's three retries; a fifth would find no answer.
    const lookups = nock(API)
      .get("/users/github-actions%5Bbot%5D")
      .times(4)
      .reply(503, { message: "Service Unavailable" });
    const review = acceptReview();
    // The retry plugin waits 1, 4 and 9 s between attempts: a fake clock runs each wait as soon
    // as it is all that is left (the requests' own deadlines keep Node's real timers).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      let done = false;
      const published = publishReview(testGithub({ retry: true }), testContext(), {
        outcome,
        checkName: "CR",
        author: AUTHOR,
        commentKey: KEY,
      }).finally(() => {
        done = true;
      });
      while (!done) await vi.advanceTimersToNextTimerAsync();
      const result = await published;
      expect(lookups.isDone()).toBe(true);
      expect(review().comments.map((c) => c.path)).toEqual(["m/a.png"]);
      expect(result).toMatchObject({ created: 1, updated: 0, outdated: 0 });
      expect(result.authorUnknown).toMatch(
        /^Could not look up the Action's account github-actions\[bot\] on this GitHub \(HTTP 503: [^\n]*\): its 1 earlier comment on this pull request was left as it is \(neither updated nor marked outdated\)/,
      );
      expect(nock.isDone()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("publishReview updates its earlier comment and marks stale ones outdated instead of posting again", async () => {
    const outcome = outcomeWith([assetWith("m/a.png", [issueWith("1", "major", "changed")])]);
    const updates: { id: number; body: string }[] = [];
    nock(API)
      .get("/repos/octo/media/pulls/7/comments")
      .query(true)
      .reply(200, [
        { id: 11, path: "m/a.png", body: genuine("old", "m/a.png"), user: BOT },
        { id: 12, path: "m/gone.png", body: genuine("old", "m/gone.png"), user: BOT },
        {
          id: 13,
          path: "m/a.png",
          body: signComment("other check", fingerprintFields("Other", "m/a.png"), SIGNING),
          user: BOT,
        },
        { id: 14, path: "m/b.png", body: "a human comment", user: PERSON },
        // A person, another App's bot and a look-alike login with a copied fingerprint: never
        // edited (nock fails on any request not set up).
        ...[PERSON, OTHER_BOT, LOOKALIKE].map((user, i) => ({
          id: 15 + i,
          path: i === 0 ? "m/gone2.png" : "m/a.png",
          body: genuine("copied", i === 0 ? "m/gone2.png" : "m/a.png"),
          user,
        })),
      ]);
    nockAccount([]);
    for (const id of [11, 12]) {
      nock(API)
        .patch(`/repos/octo/media/pulls/comments/${id}`, (body) => {
          updates.push({ id, body: body.body });
          return true;
        })
        .reply(200, { id });
    }
    const result = await publishReview(testGithub(), testContext(), {
      outcome,
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(result).toMatchObject({
      created: 0,
      updated: 1,
      outdated: 1,
      reviewId: undefined,
      ignored: undefined,
      threads: undefined,
    });
    expect(updates.find((u) => u.id === 11)?.body).toContain("changed");
    expect(updates.find((u) => u.id === 12)?.body).toContain("Outdated");
    // Both new bodies are signed again, so that the next run still knows them as its own.
    expect(updates.map((u) => readSignedComment(u.body, SIGNING))).toEqual([
      expect.objectContaining({ kind: "signed", fields: fields("m/a.png") }),
      expect.objectContaining({ kind: "signed", fields: fields("m/gone.png") }),
    ]);
  });

  it("publishReview leaves an unchanged genuine comment alone and marks an outdated one only once", async () => {
    const outcome = outcomeWith([assetWith("m/a.png", [issueWith("1", "major", "same")])]);
    // What this run would write about m/a.png: the first run's review, read back.
    nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, []);
    const firstRun = acceptReview();
    await publishReview(testGithub(), testContext(), {
      outcome,
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    const outdated = outdatedBody("old", fields("m/gone.png"), "d".repeat(40), SIGNING);
    nock(API)
      .get("/repos/octo/media/pulls/7/comments")
      .query(true)
      .reply(200, [
        { id: 21, path: "m/a.png", body: firstRun().comments[0]!.body, user: BOT },
        { id: 22, path: "m/gone.png", body: outdated, user: BOT },
      ]);
    nockAccount([]);
    // No PATCH and no review is set up: either would fail the call.
    const result = await publishReview(testGithub(), testContext(), {
      outcome,
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(result).toMatchObject({ created: 0, updated: 0, outdated: 0, unchanged: 1 });
  });

  it("publishReview marks outdated a genuine comment whose findings quote the outdated notice's marker", async () => {
    // A rule code goes into inline code, which is not HTML-escaped: it may read like the marker.
    const quoting = genuine(`**CR**: 1 major\n\n- \`${OUTDATED_MARKER}\` a finding`, "m/gone.png");
    nock(API)
      .get("/repos/octo/media/pulls/7/comments")
      .query(true)
      .reply(200, [{ id: 23, path: "m/gone.png", body: quoting, user: BOT }]);
    nockAccount([]);
    let patched = "";
    nock(API)
      .patch("/repos/octo/media/pulls/comments/23", (body) => {
        patched = body.body;
        return true;
      })
      .reply(200, { id: 23 });
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith([]),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(result).toMatchObject({ outdated: 1, ignored: undefined });
    expect(patched).toContain("Outdated: no findings here");
  });

  /**
   * Comments of the Action's own account (under GITHUB_TOKEN, every workflow of the repository
   * posts as it) that carry this check's marker about m/b.png, which has findings, and
   * m/gone2.png, which has none any more, without a signature this run can verify.
   */
  const TAMPERED: readonly (readonly [string, (path: string) => string, string])[] = [
    [
      "a copied marker (another workflow's text under a genuine comment's marker)",
      (path) => `Checked by hand: nothing to fix.\n\n${markerOf(genuine("**CR**: 1 major", path))}`,
      "whose signature does not verify",
    ],
    [
      "an edited body (a genuine comment whose findings someone replaced)",
      (path) => genuine("**CR**: 1 major", path).replace("1 major", "nothing to fix"),
      "whose signature does not verify",
    ],
    [
      "an unsigned marker (a version of the Action before signing)",
      (path) => `**CR**: 1 major\n\n<!-- ${FINGERPRINT_PREFIX} ${fields(path)} -->`,
      "without a signature",
    ],
    [
      "a marker signed with another key (a rotated record-key)",
      (path) =>
        signComment(
          "**CR**: 1 major",
          fields(path),
          commentSigning(
            deriveCommentKey("another-record-key-0123456789", LIVE_SCOPE),
            "octo",
            "media",
            7,
          ),
        ),
      "whose signature does not verify",
    ],
    [
      "an edited body made to read as an outdated notice (findings hidden, signature kept)",
      (path) =>
        `${OUTDATED_MARKER}\n> Outdated: no findings here.\n\n${markerOf(genuine("**CR**: 1 major", path))}`,
      "whose signature does not verify",
    ],
    [
      "a genuine comment copied whole onto another file",
      (_path) => genuine("**CR**: 1 major", "m/elsewhere.png"),
      "whose signature does not verify",
    ],
    [
      "a genuine comment copied from another pull request",
      (path) =>
        signComment("**CR**: 1 major", fields(path), commentSigning(KEY, "octo", "media", 8)),
      "whose signature does not verify",
    ],
    [
      "a marker signed with the record key (a record's MAC replayed as a comment's)",
      (path) =>
        signComment(
          "**CR**: 1 major",
          fields(path),
          commentSigning(
            deriveRecordKey("sk_test_abcdefgh12345678", LIVE_SCOPE),
            "octo",
            "media",
            7,
          ),
        ),
      "whose signature does not verify",
    ],
  ];

  it.each(TAMPERED)(
    "publishReview leaves a comment of its own account with %s untouched, posts its own instead, and says so once",
    async (_, tampered, why) => {
      const outcome = outcomeWith([
        assetWith("m/a.png", [issueWith("1", "major", "still here")]),
        assetWith("m/b.png", [issueWith("2", "major", "b's finding")]),
      ]);
      const listed = [
        // Genuine: one to update, one to mark outdated.
        { id: 31, path: "m/a.png", body: genuine("old", "m/a.png"), user: BOT },
        { id: 32, path: "m/gone.png", body: genuine("old", "m/gone.png"), user: BOT },
        { id: 33, path: "m/b.png", body: tampered("m/b.png"), user: BOT },
        { id: 34, path: "m/gone2.png", body: tampered("m/gone2.png"), user: BOT },
      ];
      nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, listed);
      nockAccount([]);
      const patched: number[] = [];
      // Only the genuine comments may be edited: a PATCH of 33 or 34 fails the call (nock).
      for (const id of [31, 32]) {
        nock(API)
          .patch(`/repos/octo/media/pulls/comments/${id}`, () => {
            patched.push(id);
            return true;
          })
          .reply(200, { id });
      }
      const review = acceptReview(5);
      const result = await publishReview(testGithub(), testContext(), {
        outcome,
        checkName: "CR",
        author: AUTHOR,
        commentKey: KEY,
      });
      expect(patched.sort()).toEqual([31, 32]);
      expect(result).toMatchObject({ created: 1, updated: 1, outdated: 1, reviewId: 5 });
      expect(review().comments.map((c) => c.path)).toEqual(["m/b.png"]);
      expect(review().comments[0]!.body).toContain("b's finding");
      expect(verifies(review().comments[0]!.body)).toBe(true);
      expect(result.ignored).toContain(
        "2 earlier comments by github-actions[bot] carry this check's marker but not a valid signature",
      );
      expect(result.ignored).toContain(`2 ${why}`);
      expect(result.ignored).toContain("Left as they are (neither updated nor marked outdated)");
    },
  );

  it("publishReview still counts at most 30 comments when its account's earlier ones do not verify", async () => {
    const assets = Array.from({ length: 35 }, (_, i) =>
      assetWith(`m/f${i}.png`, [issueWith(`${i}`, "minor", `s${i}`)]),
    );
    const unsigned = assets.map((a, i) => ({
      id: 100 + i,
      path: a.file.displayPath,
      body: `old\n\n<!-- ${FINGERPRINT_PREFIX} ${fields(a.file.displayPath)} -->`,
      user: BOT,
    }));
    // Old notices already marked outdated are inert: not warned about.
    unsigned.push(
      ...[0, 1].map((i) => ({
        id: 200 + i,
        path: `m/gone${i}.png`,
        body: `${OUTDATED_MARKER}\nOutdated.\n\n<!-- ${FINGERPRINT_PREFIX} ${fields(`m/gone${i}.png`)} -->`,
        user: BOT,
      })),
    );
    nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, unsigned);
    nockAccount();
    const review = acceptReview(6);
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith(assets),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(review().comments).toHaveLength(MAX_REVIEW_COMMENTS);
    expect(result).toMatchObject({ created: MAX_REVIEW_COMMENTS, updated: 0, outdated: 0 });
    expect(result.ignored).toContain("35 earlier comments");
  });

  it("publishReview comments on the diff's lines that issues point at, and keeps the rest in the file comment", async () => {
    const onDiff = issueWith("1", "major", "on line two", {
      anchor: { type: "text", page: 1, line: 2, start: 5, end: 9, quote: "x" },
    });
    const offDiff = issueWith("2", "minor", "on line nine", {
      anchor: { type: "text", page: 1, startLine: 9 },
    });
    const media = issueWith("3", "info", "no line at all", { anchor: { type: "media" } });
    nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, []);
    const review = acceptReview(3);
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith([assetWith("doc.txt", [onDiff, offDiff, media])]),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
      diffLines: new Map([["doc.txt", new Set([1, 2, 3])]]),
    });
    const { comments } = review();
    expect(result.created).toBe(2);
    expect(comments).toHaveLength(2);
    expect(comments[0]).toMatchObject({ path: "doc.txt", line: 2, side: "RIGHT" });
    expect(comments[0]).not.toHaveProperty("subject_type");
    expect(comments[0]!["body"]).toContain("on line two");
    expect(readSignedComment(String(comments[0]!["body"]), SIGNING)).toMatchObject({
      kind: "signed",
      fields: fields("doc.txt", 2),
    });
    expect(comments[1]).toMatchObject({ path: "doc.txt", subject_type: "file" });
    expect(comments[1]!["body"]).toContain("on line nine");
    expect(comments[1]!["body"]).toContain("no line at all");
    expect(comments[1]!["body"]).not.toContain("on line two");
    expect(comments[1]!["body"]).toContain("1 more issue on the changed lines");
  });

  it("publishReview posts the comments one by one when GitHub refuses subject_type inside a review", async () => {
    const posted: Record<string, unknown>[] = [];
    nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, []);
    nock(API)
      .post("/repos/octo/media/pulls/7/reviews")
      .reply(422, {
        message: "Unprocessable Entity",
        errors: ['"subject_type" is not a permitted key.'],
      });
    nock(API)
      .post("/repos/octo/media/pulls/7/comments", (body) => {
        posted.push(body);
        return true;
      })
      .times(2)
      .reply(201, { id: 9 });
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith([
        assetWith("m/a.png", [issueWith("1", "critical", "a")]),
        assetWith("m/b.png", [issueWith("2", "minor", "b")]),
      ]),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(result).toMatchObject({ created: 2, reviewId: undefined, refused: undefined });
    expect(posted.map((p) => [p["path"], p["subject_type"], p["commit_id"]])).toEqual([
      ["m/a.png", "file", "c".repeat(40)],
      ["m/b.png", "file", "c".repeat(40)],
    ]);
  });

  it("publishReview stops at the first refused single comment and says why, once", async () => {
    nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, []);
    nock(API)
      .post("/repos/octo/media/pulls/7/reviews")
      .reply(422, { message: "Validation Failed" });
    // One attempt only: a second would be a request nock does not expect.
    nock(API)
      .post("/repos/octo/media/pulls/7/comments")
      .reply(422, { message: '"subject_type" is not a permitted key.' });
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith([
        assetWith("m/a.png", [issueWith("1", "critical", "a")]),
        assetWith("m/b.png", [issueWith("2", "minor", "b")]),
      ]),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(result.created).toBe(0);
    expect(result.refused).toContain("m/a.png");
    expect(result.refused).toContain("2 comments not posted");
  });
});

describe("publishReview's review threads", () => {
  const gone = (id: number, path: string) => ({
    id,
    path,
    body: genuine("old", path),
    user: BOT,
  });

  it("publishReview resolves the threads of the comments it marks outdated, and stops at GitHub's first FORBIDDEN with one reason", async () => {
    nock(API)
      .get("/repos/octo/media/pulls/7/comments")
      .query(true)
      .reply(200, [gone(41, "m/a.png"), gone(42, "m/b.png"), gone(43, "m/c.png")]);
    nockAccount([thread("T41", 41), thread("T42", 42), thread("T43", 43)]);
    for (const id of [41, 42, 43])
      nock(API).patch(`/repos/octo/media/pulls/comments/${id}`).reply(200, { id });
    const mutations: string[] = [];
    nock(GRAPHQL_ROOT)
      .post("/api/graphql", (body) => {
        mutations.push(body.variables.threadId);
        return true;
      })
      .reply(200, { data: { resolveReviewThread: { thread: { id: "T41", isResolved: true } } } })
      .post("/api/graphql", (body) => {
        mutations.push(body.variables.threadId);
        return true;
      })
      .reply(200, {
        data: { resolveReviewThread: null },
        errors: [{ type: "FORBIDDEN", message: "Resource not accessible by integration" }],
      });
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith([]),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(mutations).toEqual(["T41", "T42"]);
    expect(result).toMatchObject({ outdated: 3, resolved: 1, unresolved: 0 });
    expect(result.threads).toContain("GitHub refused to resolve a review thread");
    expect(result.threads).toContain("Resource not accessible by integration");
    expect(result.threads).toContain("2 threads left as they are");
    expect(result.threads).toContain("pull-requests: write");
  });

  it("publishReview marks comments outdated and says so once when the threads cannot be read", async () => {
    nock(API)
      .get("/repos/octo/media/pulls/7/comments")
      .query(true)
      .reply(200, [gone(51, "m/a.png")]);
    nockAccount();
    nock(GRAPHQL_ROOT)
      .post("/api/graphql")
      .reply(200, {
        errors: [{ type: "NOT_FOUND", message: "Could not resolve to a Repository" }],
      });
    nock(API).patch("/repos/octo/media/pulls/comments/51").reply(200, { id: 51 });
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith([]),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(result).toMatchObject({ outdated: 1, resolved: 0 });
    expect(result.threads).toContain("Could not read the pull request's review threads");
    expect(result.threads).toContain("Could not resolve to a Repository");
  });

  it("publishReview looks the bot user up on the server and counts only comments with its id there", async () => {
    const ghesBot = { ...BOT, id: 3 };
    nock(API)
      .get("/repos/octo/media/pulls/7/comments")
      .query(true)
      .reply(200, [
        { id: 61, path: "m/a.png", body: genuine("old", "m/a.png"), user: ghesBot },
        // github.com's id for the same login: on this server, another account.
        { id: 62, path: "m/b.png", body: genuine("old", "m/b.png"), user: BOT },
      ]);
    nockAccount([], ghesBot);
    nock(API).patch("/repos/octo/media/pulls/comments/61").reply(200, { id: 61 });
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith([]),
      checkName: "CR",
      author: AUTHOR,
      commentKey: KEY,
    });
    expect(result).toMatchObject({ outdated: 1, ignored: undefined, threads: undefined });
  });
});
