import { beforeAll, describe, expect, it } from "vitest";
import type { ReviewComment } from "../../emulator/github/index.ts";
import { deriveCommentKey } from "../../src/action/review-comments/derive-comment-key.ts";
import {
  FINGERPRINT_PREFIX,
  fingerprintFields,
} from "../../src/action/review-comments/review-fingerprint.ts";
import {
  commentSigning,
  readSignedComment,
  signComment,
} from "../../src/action/review-comments/signed-comment.ts";
import { LIVE_SCOPE } from "../action/signing/signing-fixture.ts";
import { pullRequestEvent } from "./action-harness.ts";
import { CALM, CLAIMS, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

let stage: Stage;
const head = (pr: number, push: number) => `${pr}${push}`.padStart(40, "0");

/** The files of pull request `pr` at a new head, in the workspace and in the stand-in's listing. */
async function pushFiles(pr: number, files: Record<string, string>): Promise<void> {
  await writeFiles(stage, files);
  stage.github.addPullRequest(
    pr,
    Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
  );
}

/** A run of the Action on push `push` of pull request `pr`, posting a review. */
const review = (pr: number, push: number, inputs: Record<string, string> = {}) =>
  runOn(stage, "pull_request", pullRequestEvent(pr, head(pr, push)), {
    comment: "review",
    "fail-on": "never",
    ...inputs,
  });

/**
 * Another workflow of the repository: with its own `GITHUB_TOKEN` it writes review comments
 * as the same account as the Action, `github-actions[bot]`.
 */
async function asAnotherWorkflow(
  method: "POST" | "PATCH",
  path: string,
  body: Record<string, unknown>,
): Promise<ReviewComment> {
  const sent = await fetch(`${stage.github.apiUrl}/repos/octo/media/pulls/${path}`, {
    method,
    headers: { authorization: `token ${stage.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!sent.ok) throw new Error(`${method} ${path}: ${sent.status} ${await sent.text()}`);
  const { id } = (await sent.json()) as { id: number };
  return stage.github.reviewComments.find((c) => c.id === id)!;
}

const postComment = (pr: number, path: string, body: string) =>
  asAnotherWorkflow("POST", `${pr}/comments`, {
    path,
    body,
    subject_type: "file",
    commit_id: head(pr, 1),
  });

const commentsOn = (pr: number, path: string) =>
  stage.github.reviewComments.filter((c) => c.pull_number === pr && c.path === path);

/** How the Action's key (the emulator's live key signs, no record-key) reads a comment. */
const readAsTheAction = (pr: number, body: string) =>
  readSignedComment(
    body,
    commentSigning(deriveCommentKey(stage.emu.liveKey, LIVE_SCOPE), "octo", "media", pr),
  );

/** The hidden marker at the end of a comment. */
const markerOf = (body: string) => /<!-- content-review:file [^>]*-->$/.exec(body)![0];

beforeAll(async () => {
  stage = await startActionStage({ token: "ghs_reviewcommentstokenreviewcomme01" });
});

describe("action review comments (built dist/index.js, emulator, GitHub stand-in)", () => {
  it("action gets the stand-in's 422 for a line comment outside the diff, falls back to single comments, and warns once", async () => {
    await writeFiles(stage, { "pr37/a.txt": CLAIMS });
    const listed = (patch: string) =>
      stage.github.addPullRequest(37, [
        { filename: "pr37/a.txt", status: "modified", content: CLAIMS, patch },
      ]);
    // The claim is on line 1, part of the diff when the Action lists the files...
    listed(`@@ -1 +1 @@\n-${"A calm line."}\n+${CLAIMS.trim()}`);
    const [run] = await runOn(
      stage,
      "pull_request",
      pullRequestEvent(37, "7".repeat(40)),
      { "fail-on": "never" },
      (line) => {
        // ...and not any more when it posts: a push narrowed the diff to line 5 meanwhile.
        if (line.includes("of them match")) listed("@@ -5 +5 @@\n-old\n+new");
        return undefined;
      },
    );
    expect(run.code).toBe(0);
    const refusals = stage.github.requests.filter(
      (r) => r.path.startsWith("/repos/octo/media/pulls/37/") && r.status === 422,
    );
    expect(refusals.map((r) => r.operationId)).toEqual([
      "pulls/create-review",
      "pulls/create-review-comment",
    ]);
    const warnings = run.stdout.match(/::warning::Could not post the review comments[^\n]*/g);
    expect(warnings).toHaveLength(1);
    expect(warnings![0]).toContain("part of the diff");
    // The findings still stand where nothing was refused: the check run's annotations.
    const check = stage.github.checkRuns.filter((c) => c.head_sha === "7".repeat(40)).at(-1)!;
    expect(check.annotations.map((a) => a["path"])).toContain("pr37/a.txt");
  });

  /**
   * How a comment of the Action's account about b.txt comes to carry this check's marker without
   * a signature the Action can verify. Each gets pull request `pr`, whose first push has the
   * claims in a.txt and b.txt as `bFirst`; it returns the comment.
   */
  const TAMPERED: readonly (readonly [
    string,
    number,
    string,
    (pr: number, b: string) => Promise<ReviewComment>,
  ])[] = [
    [
      "a marker copied from a genuine comment on another pull request",
      60,
      CALM,
      async (pr, b) => {
        // The Action's genuine comment about the same file on another pull request...
        await pushFiles(pr + 100, { [b]: CLAIMS });
        await review(pr + 100, 1);
        const [genuine] = commentsOn(pr + 100, b);
        // ...whose marker another workflow puts under its own text on this one.
        return postComment(pr, b, `Checked by hand: nothing to fix.\n\n${markerOf(genuine!.body)}`);
      },
    ],
    [
      "an edited body (the Action's findings replaced)",
      61,
      CLAIMS,
      async (pr, b) => {
        const [genuine] = commentsOn(pr, b);
        return asAnotherWorkflow("PATCH", `comments/${genuine!.id}`, {
          body: `Nothing to fix here.\n\n${markerOf(genuine!.body)}`,
        });
      },
    ],
    [
      "an unsigned marker (a version of the Action before signing)",
      62,
      CALM,
      (pr, b) =>
        postComment(
          pr,
          b,
          `**Content Review**: 1 minor in this file.\n\n<!-- ${FINGERPRINT_PREFIX} ${fingerprintFields("Content Review", b)} -->`,
        ),
    ],
    [
      "a marker signed with another key (before a record-key rotation)",
      63,
      CALM,
      (pr, b) =>
        postComment(
          pr,
          b,
          signComment(
            "**Content Review**: 1 minor in this file.",
            fingerprintFields("Content Review", b),
            commentSigning(
              deriveCommentKey("an-earlier-record-key-0123456789", LIVE_SCOPE),
              "octo",
              "media",
              pr,
            ),
          ),
        ),
    ],
  ];

  // The cases below use pull requests and files of their own: they run at once.
  it.concurrent.each(TAMPERED)(
    "action leaves a comment of its own account with %s as it is, posts its own next to it, warns once, and still marks its genuine comment outdated",
    async (_, pr, bFirst, tamper) => {
      const violations = stage.github.violations.length;
      const [a, b] = [`pr${pr}/a.txt`, `pr${pr}/b.txt`];
      await pushFiles(pr, { [a]: CLAIMS, [b]: bFirst });
      const [first] = await review(pr, 1);
      expect(first.code).toBe(0);
      const [genuineA] = commentsOn(pr, a);
      expect(readAsTheAction(pr, genuineA!.body).kind).toBe("signed");
      const tampered = await tamper(pr, b);
      const { body, updates } = tampered;
      expect(readAsTheAction(pr, body).kind).toBe("unverified");

      // The push takes the claims out of a.txt and leaves (or puts) them in b.txt.
      await pushFiles(pr, { [a]: CALM, [b]: CLAIMS });
      const [second] = await review(pr, 2);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain("PR review: 1 new, 0 updated, 1 marked outdated");
      expect(tampered).toMatchObject({ body, updates });
      const fresh = commentsOn(pr, b).filter((c) => c.id > tampered.id);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]!.user.login).toBe("github-actions[bot]");
      expect(readAsTheAction(pr, fresh[0]!.body).kind).toBe("signed");
      expect(genuineA!.body).toContain("Outdated: no findings here");
      expect(readAsTheAction(pr, genuineA!.body).kind).toBe("signed");
      const warnings = second.stdout.match(/::warning::[^\n]*not a valid signature[^\n]*/g);
      expect(warnings).toHaveLength(1);
      expect(warnings![0]).toContain(
        "1 earlier comment by github-actions[bot] carries this check's marker but not a valid signature",
      );
      expect(stage.github.violations.slice(violations)).toEqual([]);
    },
  );

  it.concurrent("action leaves a genuine comment that another workflow copied whole onto another file, and warns once", async () => {
    const violations = stage.github.violations.length;
    const [a, b] = ["pr65/a.txt", "pr65/b.txt"];
    await pushFiles(65, { [a]: CLAIMS, [b]: CALM });
    const [first] = await review(65, 1);
    expect(first.code).toBe(0);
    const [genuineA] = commentsOn(65, a);
    // The copy's signature verifies: only the file it names (a.txt) differs from where it is.
    const copy = await postComment(65, b, genuineA!.body);
    expect(readAsTheAction(65, copy.body).kind).toBe("signed");
    const { body, updates } = copy;

    await pushFiles(65, { [a]: CALM, [b]: CLAIMS });
    const [second] = await review(65, 2);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("PR review: 1 new, 0 updated, 1 marked outdated");
    expect(copy).toMatchObject({ body, updates });
    expect(genuineA!.body).toContain("Outdated: no findings here");
    expect(commentsOn(65, b).filter((c) => c.id > copy.id)).toHaveLength(1);
    const warnings = second.stdout.match(/::warning::[^\n]*not a valid signature[^\n]*/g);
    expect(warnings).toHaveLength(1);
    expect(warnings![0]).toContain("1 earlier comment by github-actions[bot]");
    expect(stage.github.violations.slice(violations)).toEqual([]);
  });

  it.concurrent("action after a record-key rotation leaves the comments signed with the earlier key as they are and posts fresh ones, warning once", async () => {
    const violations = stage.github.violations.length;
    const [a, b] = [`pr64/a.txt`, `pr64/b.txt`];
    await pushFiles(64, { [a]: CLAIMS, [b]: CLAIMS });
    const [first] = await review(64, 1, { "record-key": "record-key-one-0123456789abcdef" });
    expect(first.code).toBe(0);
    const earlier = stage.github.reviewComments.filter((c) => c.pull_number === 64);
    expect(earlier).toHaveLength(2);
    // The same key: the run knows its comments (it updates them, as their findings are now reused).
    const [again] = await review(64, 1, { "record-key": "record-key-one-0123456789abcdef" });
    expect(again.stdout).toContain("PR review: 0 new");
    expect(again.stdout).not.toContain("not a valid signature");
    const before = earlier.map((c) => ({ body: c.body, updates: c.updates }));

    const [rotated] = await review(64, 1, { "record-key": "record-key-two-0123456789abcdef" });
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toContain("PR review: 2 new, 0 updated, 0 marked outdated");
    expect(earlier.map((c) => ({ body: c.body, updates: c.updates }))).toEqual(before);
    expect(stage.github.reviewComments.filter((c) => c.pull_number === 64)).toHaveLength(4);
    const warnings = rotated.stdout.match(/::warning::[^\n]*not a valid signature[^\n]*/g);
    expect(warnings).toHaveLength(1);
    expect(warnings![0]).toContain("2 earlier comments by github-actions[bot]");
    expect(warnings![0]).toContain("signed with another api-key or record-key");
    // The new key's comments are the Action's own from now on.
    const [next] = await review(64, 1, { "record-key": "record-key-two-0123456789abcdef" });
    expect(next.stdout).toContain("PR review: 0 new");
    expect(stage.github.violations.slice(violations)).toEqual([]);
  });
});
