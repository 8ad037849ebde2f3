import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_REVIEW_COMMENTS, publishReview } from "../../src/action/publish-review.ts";
import { fileFingerprint } from "../../src/action/review-fingerprint.ts";
import { assetWith, issueWith, outcomeWith } from "../report/outcome-fixture.ts";
import { API, testContext, testGithub } from "./github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

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
        { id: 11, path: "m/a.png", body: `old\n${fileFingerprint("CR", "m/a.png")}` },
        { id: 12, path: "m/gone.png", body: `old\n${fileFingerprint("CR", "m/gone.png")}` },
        { id: 13, path: "m/a.png", body: `other check\n${fileFingerprint("Other", "m/a.png")}` },
        { id: 14, path: "m/b.png", body: "a human comment" },
      ]);
    for (const id of [11, 12]) {
      nock(API)
        .patch(`/repos/octo/media/pulls/comments/${id}`, (body) => {
          updates.push({ id, body: body.body });
          return true;
        })
        .reply(200, { id });
    }
    const result = await publishReview(testGithub(), testContext(), { outcome, checkName: "CR" });
    expect(result).toMatchObject({ created: 0, updated: 1, outdated: 1, reviewId: undefined });
    expect(updates.find((u) => u.id === 11)?.body).toContain("changed");
    expect(updates.find((u) => u.id === 12)?.body).toContain("Outdated");
  });
});
