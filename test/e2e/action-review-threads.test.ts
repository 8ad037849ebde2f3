import { beforeAll, describe, expect, it } from "vitest";
import { startGithubStandIn } from "../../emulator/github/index.ts";
import { deriveCommentKey } from "../../src/action/review-comments/derive-comment-key.ts";
import { RESOLVE_PENDING_MARKER } from "../../src/action/review-comments/review-fingerprint.ts";
import {
  commentSigning,
  readSignedComment,
} from "../../src/action/review-comments/signed-comment.ts";
import { LIVE_SCOPE } from "../action/signing/signing-fixture.ts";
import { pullRequestEvent } from "./action-harness.ts";
import { CALM, CLAIMS, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

let stage: Stage;
const head = (pr: number, push: number) => `${pr}${push}`.padStart(40, "0");

/** How the Action's key (the emulator's live key signs, no record-key) reads a comment. */
const readAsTheAction = (pr: number, body: string) =>
  readSignedComment(
    body,
    commentSigning(deriveCommentKey(stage.emu.liveKey, LIVE_SCOPE), "octo", "media", pr),
  );

beforeAll(async () => {
  stage = await startActionStage({ token: "ghs_reviewthreadstokenreviewthread01" });
});

describe("action review threads (built dist/index.js, emulator, GitHub stand-in's GraphQL)", () => {
  /** A stage of its own: the same emulator and workspace, another GitHub stand-in. */
  async function withStandIn(
    options: Omit<Parameters<typeof startGithubStandIn>[0], "token">,
    test: (own: Stage) => Promise<void>,
  ): Promise<void> {
    const github = await startGithubStandIn({ token: stage.token, ...options });
    try {
      await test({ ...stage, github });
    } finally {
      await github.close();
    }
  }

  /** Pushes `files` to pull request `pr` of `on` and runs the Action on push `push`. */
  async function pushAndReview(on: Stage, pr: number, push: number, files: Record<string, string>) {
    await writeFiles(on, files);
    on.github.addPullRequest(
      pr,
      Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
    );
    const [run] = await runOn(on, "pull_request", pullRequestEvent(pr, head(pr, push)), {
      comment: "review",
      "fail-on": "never",
    });
    return run;
  }

  const PERSON = { login: "octocat", id: 583231, type: "User" as const };

  it("action resolves the thread of a fixed finding (its reply kept), unresolves it when the finding comes back, and leaves a person's thread alone", async () => {
    await withStandIn({}, async (own) => {
      const file = "pr70/a.txt";
      const first = await pushAndReview(own, 70, 1, { [file]: CLAIMS });
      expect(first.code).toBe(0);
      const [comment] = own.github.reviewComments.filter((c) => c.path === file);
      const reply = own.github.addReviewComment(70, {
        path: file,
        body: "Will fix.",
        user: PERSON,
        inReplyTo: comment!.id,
      });
      const person = own.github.addReviewComment(70, { path: file, body: "A note.", user: PERSON });

      const fixed = await pushAndReview(own, 70, 2, { [file]: CALM });
      expect(fixed.code).toBe(0);
      expect(fixed.stdout).toContain("1 marked outdated");
      expect(fixed.stdout).toContain("1 thread resolved, 0 reopened");
      expect(comment!.body).toContain("Outdated: no findings here");
      expect(own.github.state.resolvedThreads).toEqual(new Set([comment!.id]));
      expect(own.github.reviewComments).toContain(reply);
      expect(reply.body).toBe("Will fix.");

      const back = await pushAndReview(own, 70, 3, { [file]: CLAIMS });
      expect(back.code).toBe(0);
      expect(back.stdout).toContain("0 new, 1 updated");
      expect(back.stdout).toContain("0 threads resolved, 1 reopened");
      expect(comment!.body).not.toContain("Outdated");
      expect(own.github.state.resolvedThreads.size).toBe(0);
      expect(person.updates).toBe(0);
      const graphql = own.github.requests.filter((r) => r.operationId === "graphql");
      expect(graphql.length).toBeGreaterThanOrEqual(4);
      expect(graphql.every((r) => r.status === 200)).toBe(true);
      expect(own.github.violations).toEqual([]);
    });
  });

  it("action whose token may not resolve threads warns once, marks the comments outdated and goes on; a later run resolves them once it may, and leaves a thread reopened after that open", async () => {
    await withStandIn({}, async (own) => {
      const files = (text: string) => ({ "pr71/a.txt": text, "pr71/b.txt": text });
      const first = await pushAndReview(own, 71, 1, files(CLAIMS));
      expect(first.code).toBe(0);
      own.github.deny("contents");
      const fixed = await pushAndReview(own, 71, 2, files(CALM));
      expect(fixed.code).toBe(0);
      expect(fixed.stdout).toContain("2 marked outdated");
      const warnings = fixed.stdout.match(/::warning::[^\n]*review thread[^\n]*/g);
      expect(warnings).toHaveLength(1);
      expect(warnings![0]).toContain("Resource not accessible by integration");
      expect(warnings![0]).toContain("2 threads left as they are");
      expect(own.github.state.resolvedThreads.size).toBe(0);
      // One refusal ends the thread changes: the second thread is not tried.
      const mutations = own.github.requests.filter((r) => r.operationId === "graphql");
      expect(mutations).toHaveLength(2);
      const comments = own.github.reviewComments.filter((c) => c.pull_number === 71);
      expect(comments.every((c) => c.body.includes(RESOLVE_PENDING_MARKER))).toBe(true);

      // The permission is back: the next run resolves both threads and says so in the comments.
      own.github.state.denied.delete("contents");
      const later = await pushAndReview(own, 71, 3, files(CALM));
      expect(later.code).toBe(0);
      expect(later.stdout).toContain("0 marked outdated");
      expect(later.stdout).toContain("2 threads resolved, 0 reopened");
      expect(own.github.state.resolvedThreads).toEqual(new Set(comments.map((c) => c.id)));
      expect(comments.some((c) => c.body.includes(RESOLVE_PENDING_MARKER))).toBe(false);
      expect(comments.every((c) => readAsTheAction(71, c.body).kind === "signed")).toBe(true);

      // A thread a person opens again after that stays open.
      own.github.state.resolvedThreads.delete(comments[0]!.id);
      const again = await pushAndReview(own, 71, 4, files(CALM));
      expect(again.stdout).toContain("0 threads resolved, 0 reopened");
      expect(own.github.violations).toEqual([]);
    });
  });

  // The same with a 503 on every attempt, after the retry plugin's 1, 4 and 9 s waits, is
  // publishReview's test under a fake clock (test/action/review-comments/publish-review.test.ts).
  it("action whose bot look-up fails (not-found) still posts new findings, touches no earlier comment, and warns once", async () => {
    await withStandIn({}, async (own) => {
      const a = "pr73/a.txt";
      const first = await pushAndReview(own, 73, 1, { [a]: CLAIMS });
      expect(first.code).toBe(0);
      const [earlier] = own.github.reviewComments.filter((c) => c.path === a);
      own.github.setQuirks({ userLookup: "not-found" });
      const b = "pr73/b.txt";
      const second = await pushAndReview(own, 73, 2, { [a]: CALM, [b]: CLAIMS });
      expect(second.code).toBe(0);
      expect(second.stdout).toContain("PR review: 1 new, 0 updated, 0 marked outdated");
      expect(own.github.reviewComments.filter((c) => c.path === b)).toHaveLength(1);
      expect(earlier!.updates).toBe(0);
      const warnings = second.stdout.match(/::warning::Could not look up[^\n]*/g);
      expect(warnings).toHaveLength(1);
      expect(warnings![0]).toContain("github-actions[bot] on this GitHub (HTTP 404");
    });
  });

  it("action on a GitHub whose Actions bot has another id than github.com's still finds its own comments", async () => {
    const bot = { login: "github-actions[bot]", id: 3, type: "Bot" as const };
    await withStandIn({ actionsBot: bot }, async (own) => {
      const file = "pr72/a.txt";
      const first = await pushAndReview(own, 72, 1, { [file]: CLAIMS });
      expect(first.code).toBe(0);
      const comments = own.github.reviewComments.filter((c) => c.path === file);
      expect(comments.map((c) => c.user.id)).toEqual([3]);
      const again = await pushAndReview(own, 72, 2, { [file]: CLAIMS, "pr72/b.txt": CALM });
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("PR review: 0 new");
      expect(own.github.reviewComments.filter((c) => c.path === file)).toHaveLength(1);
      expect(own.github.violations).toEqual([]);
    });
  });
});
