// @ts-nocheck
import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { commentAuthor } from "../../src/action/comment-author.ts";
import {
  MAX_REVIEW_COMMENTS,
  outdatedBody,
  publishReview,
} from "../../src/action/publish-review.ts";
import {
  fileFingerprint,
  lineFingerprint,
  OUTDATED_MARKER,
} from "../../src/action/review-fingerprint.ts";
import { CHECK_SUMMARY_LIMIT } from "../../src/report/index.ts";
import { assetWith, issueWith, outcomeWith } from "../report/outcome-fixture.ts";
import { API, testContext, testGithub } from "./github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

const BOT = { login: "github-actions[bot]", id: 41898282, type: "Bot" };
/** Another App's bot, and an account that took a name like the Actions bot's. */
const OTHER_BOT = { login: "helper-bot[bot]", id: 7001, type: "Bot" };
const LOOKALIKE = { login: "github-actions[bot]", id: 7002, type: "Bot" };
const AUTHOR = commentAuthor({ slug: "github-actions" });
const PERSON = { login: "octocat", type: "User" };

describe("publishReview", () => {
  it("publishReview posts one COMMENT review with file-level comments, at most 30, worst first", async () => {
    const assets = Array.from({ length: 35 }, (_, i) =>
      assetWith(`m/f${i}.png`, [issueWith(`${i}`, i === 34 ? "critical" : "minor", `s${i}`)]),
    );
    let review: {
      event?: string;
      body?: string;
      commit_id?: string;
      comments: { path: string; subject_type: string; body: string }[];
    } = { comments: [] };
    nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, []);
    nock(API)
      .post("/repos/octo/media/pulls/7/reviews", (body) => {
        review = body;
        return true;
      })
      .reply(200, { id: 1 });
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith(assets),
      checkName: "CR",
      author: AUTHOR,
    });
    expect(result.created).toBe(MAX_REVIEW_COMMENTS);
    expect(review).toMatchObject({ event: "COMMENT", commit_id: "c".repeat(40) });
    expect(review.comments).toHaveLength(30);
    expect(review.comments[0]).toMatchObject({ path: "m/f34.png", subject_type: "file" });
    expect(review.comments[0]!.body).toContain(fileFingerprint("CR", "m/f34.png"));
    expect(review.body).toContain("5 more files");
  });

  it("publishReview updates its earlier comment and marks stale ones outdated instead of posting again", async () => {
    const outcome = outcomeWith([assetWith("m/a.png", [issueWith("1", "major", "changed")])]);
    const updates: { id: number; body: string }[] = [];
    nock(API)
      .get("/repos/octo/media/pulls/7/comments")
      .query(true)
      .reply(200, [
        { id: 11, path: "m/a.png", body: `old\n${fileFingerprint("CR", "m/a.png")}`, user: BOT },
        {
          id: 12,
          path: "m/gone.png",
          body: `old\n${fileFingerprint("CR", "m/gone.png")}`,
          user: BOT,
        },
        {
          id: 13,
          path: "m/a.png",
          body: `other check\n${fileFingerprint("Other", "m/a.png")}`,
          user: BOT,
        },
        { id: 14, path: "m/b.png", body: "a human comment", user: PERSON },
        // A person, another App's bot and a look-alike login with a copied fingerprint: never
        // edited (nock fails on any request not set up).
        ...[PERSON, OTHER_BOT, LOOKALIKE].map((user, i) => ({
          id: 15 + i,
          path: i === 0 ? "m/gone2.png" : "m/a.png",
          body: `copied ${fileFingerprint("CR", i === 0 ? "m/gone2.png" : "m/a.png")}`,
          user,
        })),
      ]);
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
    });
    expect(result).toMatchObject({ created: 0, updated: 1, outdated: 1, reviewId: undefined });
    expect(updates.find((u) => u.id === 11)?.body).toContain("changed");
    expect(updates.find((u) => u.id === 12)?.body).toContain("Outdated");
  });

  it("publishReview comments on the diff's lines that issues point at, and keeps the rest in the file comment", async () => {
    const onDiff = issueWith("1", "major", "on line two", {
      anchor: { type: "text", page: 1, line: 2, start: 5, end: 9, quote: "x" },
    });
    const offDiff = issueWith("2", "minor", "on line nine", {
      anchor: { type: "text", page: 1, startLine: 9 },
    });
    const media = issueWith("3", "info", "no line at all", { anchor: { type: "media" } });
    let comments: Record<string, unknown>[] = [];
    nock(API).get("/repos/octo/media/pulls/7/comments").query(true).reply(200, []);
    nock(API)
      .post("/repos/octo/media/pulls/7/reviews", (body) => {
        comments = body.comments;
        return true;
      })
      .reply(200, { id: 3 });
    const result = await publishReview(testGithub(), testContext(), {
      outcome: outcomeWith([assetWith("doc.txt", [onDiff, offDiff, media])]),
      checkName: "CR",
      author: AUTHOR,
      diffLines: new Map([["doc.txt", new Set([1, 2, 3])]]),
    });
    expect(result.created).toBe(2);
    expect(comments).toHaveLength(2);
    expect(comments[0]).toMatchObject({ path: "doc.txt", line: 2, side: "RIGHT" });
    expect(comments[0]).not.toHaveProperty("subject_type");
    expect(comments[0]!["body"]).toContain("on line two");
    expect(comments[0]!["body"]).toContain(lineFingerprint("CR", "doc.txt", 2));
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
    });
    expect(result.created).toBe(0);
    expect(result.refused).toContain("m/a.png");
    expect(result.refused).toContain("2 comments not posted");
  });
});

describe("outdatedBody", () => {
  const marker = fileFingerprint("CR", "m/a.png");

  it("outdatedBody folds the earlier findings and keeps the fingerprint", () => {
    const body = outdatedBody(`**CR**: 1 major\n\n- finding\n\n${marker}`, "f".repeat(40));
    expect(body).toContain(OUTDATED_MARKER);
    expect(body).toContain("<details><summary>Earlier findings</summary>");
    expect(body).toContain("- finding");
    expect(body.endsWith(`</details>\n\n${marker}`)).toBe(true);
    expect(body.split(marker)).toHaveLength(2);
  });

  it("outdatedBody cuts a body too long for a comment, keeps the fingerprint and closes its <details>", () => {
    const finding = "- finding\n  <details><summary>Details</summary>\n\n  text\n\n  </details>\n";
    const previous = `${finding.repeat(Math.ceil(CHECK_SUMMARY_LIMIT / finding.length) + 10)}\n${marker}`;
    const body = outdatedBody(previous, "f".repeat(40));
    expect(body.length).toBeLessThanOrEqual(CHECK_SUMMARY_LIMIT);
    expect(body.endsWith(`</details>\n\n${marker}`)).toBe(true);
    expect(body.match(/<details>/g)).toHaveLength(1);
    expect(body.match(/<\/details>/g)).toHaveLength(1);
    expect(body).toContain("(cut:");
  });
});
