import { describe, expect, it } from "vitest";
import { deriveCommentKey } from "../../../src/action/review-comments/derive-comment-key.ts";
import { outdatedBody } from "../../../src/action/review-comments/outdated-body.ts";
import {
  MAX_REVIEW_COMMENTS,
  planReview,
  type ReviewPlan,
} from "../../../src/action/review-comments/plan-review.ts";
import type { OwnComment } from "../../../src/action/review-comments/read-own-comments.ts";
import {
  fingerprintFields,
  RESOLVE_PENDING_MARKER,
} from "../../../src/action/review-comments/review-fingerprint.ts";
import type { ReviewThread } from "../../../src/action/review-comments/review-threads.ts";
import {
  commentSigning,
  readSignedComment,
  signComment,
} from "../../../src/action/review-comments/signed-comment.ts";
import type { AssetReview } from "../../../src/pipeline/index.ts";
import { assetWith, issueWith, outcomeWith } from "../../report/outcome-fixture.ts";
import { LIVE_SCOPE } from "../signing/signing-fixture.ts";

const SIGNING = commentSigning(
  deriveCommentKey("sk_test_abcdefgh12345678", LIVE_SCOPE),
  "octo",
  "media",
  7,
);
const SHA = "d".repeat(40);

/** Files with findings: one major issue each, named after the file. */
type Files = readonly string[];

function assetsOf(files: Files): AssetReview[] {
  return files.map((path) => assetWith(path, [issueWith(path, "major", `finding in ${path}`)]));
}

function plan(files: Files, own: readonly OwnComment[], threads: [number, boolean][] = []) {
  return planReview({
    outcome: outcomeWith(assetsOf(files)),
    checkName: "CR",
    signing: SIGNING,
    sha: SHA,
    own,
    threads: new Map<number, ReviewThread>(
      threads.map(([id, isResolved]) => [id, { id: `T${id}`, isResolved }]),
    ),
  });
}

/**
 * An earlier comment of the Action's own about `path`: saying what this run would (`same`),
 * other findings (`old`), or the outdated notice (`outdated`).
 */
function own(id: number, path: string, kind: "same" | "old" | "outdated" | "pending"): OwnComment {
  const fields = fingerprintFields("CR", path);
  const body =
    kind === "same"
      ? plan([path], []).post[0]!.body
      : kind === "old"
        ? signComment("**CR**: other findings", fields, SIGNING)
        : outdatedBody("**CR**: other findings", fields, "e".repeat(40), SIGNING, {
            resolvePending: kind === "pending",
          });
  const read = readSignedComment(body, SIGNING);
  if (read.kind !== "signed") throw new Error("the fixture must verify");
  return { id, path, body, fields: read.fields, content: read.content };
}

/** What a plan does, by comment id, path and thread id. */
function summary(p: ReviewPlan) {
  return {
    post: p.post.map((c) => c.path),
    update: p.update.map((e) => e.id),
    outdate: p.outdate.map((e) => e.id),
    settle: p.settle.map((e) => e.id),
    unchanged: p.unchanged,
    resolve: [...p.resolve],
    unresolve: [...p.unresolve],
  };
}

const NONE = {
  post: [],
  update: [],
  outdate: [],
  settle: [],
  unchanged: 0,
  resolve: [],
  unresolve: [],
};

/** Thirty-one files with findings: the last one is past the first 30 comments. */
const MANY = Array.from({ length: MAX_REVIEW_COMMENTS + 1 }, (_, i) => `m/f${i}.png`);

describe("planReview", () => {
  it.each([
    ["a new finding is posted", ["a"], [], [], { ...NONE, post: ["a"] }],
    [
      "an earlier comment that says the same is left alone",
      ["a"],
      [own(1, "a", "same")],
      [[1, false]],
      { ...NONE, unchanged: 1 },
    ],
    [
      "changed findings update the comment, its thread as it is",
      ["a"],
      [own(1, "a", "old")],
      [[1, false]],
      { ...NONE, update: [1] },
    ],
    [
      "a fixed finding is marked outdated and its thread resolved",
      [],
      [own(1, "a", "old")],
      [[1, false]],
      { ...NONE, outdate: [1], resolve: ["T1"] },
    ],
    [
      "a fixed finding whose thread is resolved already: no mutation",
      [],
      [own(1, "a", "old")],
      [[1, true]],
      { ...NONE, outdate: [1] },
    ],
    [
      "a fixed finding without a listed thread",
      [],
      [own(1, "a", "old")],
      [],
      { ...NONE, outdate: [1] },
    ],
    [
      "a fixed finding whose comment did not start a thread (another's thread listed)",
      [],
      [own(1, "a", "old")],
      [[99, false]],
      { ...NONE, outdate: [1] },
    ],
    [
      "an outdated comment stays as it is, its open thread too",
      [],
      [own(1, "a", "outdated")],
      [[1, false]],
      NONE,
    ],
    [
      "an outdated comment whose thread GitHub refused to resolve: resolved now",
      [],
      [own(1, "a", "pending")],
      [[1, false]],
      { ...NONE, settle: [1], resolve: ["T1"] },
    ],
    [
      "an outdated comment whose pending thread someone resolved: the marker goes, no mutation",
      [],
      [own(1, "a", "pending")],
      [[1, true]],
      { ...NONE, update: [1] },
    ],
    [
      "a returning finding on a comment whose resolution is pending: updated, its thread as it is",
      ["a"],
      [own(1, "a", "pending")],
      [[1, false]],
      { ...NONE, update: [1] },
    ],
    [
      "a returning finding updates the outdated comment and unresolves its thread",
      ["a"],
      [own(1, "a", "outdated")],
      [[1, true]],
      { ...NONE, update: [1], unresolve: ["T1"] },
    ],
    [
      "a returning finding whose thread is open: no mutation",
      ["a"],
      [own(1, "a", "outdated")],
      [[1, false]],
      { ...NONE, update: [1] },
    ],
    [
      "a standing finding whose thread someone resolved stays resolved",
      ["a"],
      [own(1, "a", "old")],
      [[1, true]],
      { ...NONE, update: [1] },
    ],
    [
      "a file past the first 30 comments keeps its comment and thread",
      MANY,
      [own(1, "m/f30.png", "old")],
      [[1, false]],
      { ...NONE, post: MANY.slice(0, 30) },
    ],
    [
      "each comment and thread on its own",
      ["a", "c"],
      [own(1, "a", "same"), own(2, "b", "old"), own(3, "c", "outdated"), own(4, "d", "outdated")],
      [
        [1, true],
        [2, false],
        [3, true],
        [4, false],
      ],
      {
        ...NONE,
        update: [3],
        outdate: [2],
        unchanged: 1,
        resolve: ["T2"],
        unresolve: ["T3"],
      },
    ],
  ] as const)("planReview: %s", (_, files, earlier, threads, expected) => {
    expect(
      summary(
        plan(
          files,
          earlier,
          threads.map(([id, r]) => [id, r]),
        ),
      ),
    ).toEqual(expected);
  });

  it("planReview marks outdated with a notice signed for the same fields, naming the commit", () => {
    const [edit] = plan([], [own(1, "a", "old")]).outdate;
    expect(edit!.body).toContain(`as of ${SHA.slice(0, 12)}`);
    expect(edit!.body).toContain("other findings");
    expect(readSignedComment(edit!.body, SIGNING)).toMatchObject({
      kind: "signed",
      fields: fingerprintFields("CR", "a"),
    });
  });

  it("planReview gives an outdated notice whose thread it resolves a pending body, and settles a pending one with the marker taken out, signed", () => {
    const fixed = plan([], [own(1, "a", "old")], [[1, false]]).outdate[0]!;
    expect(fixed.thread).toBe("T1");
    expect(fixed.body).not.toContain(RESOLVE_PENDING_MARKER);
    const pending = readSignedComment(fixed.pendingBody!, SIGNING);
    expect(pending.kind).toBe("signed");
    expect((pending as { content: string }).content).toContain(RESOLVE_PENDING_MARKER);

    const [settled] = plan([], [own(2, "a", "pending")], [[2, false]]).settle;
    expect(settled).toMatchObject({ id: 2, thread: "T2" });
    expect(settled!.body).toBe(own(3, "a", "outdated").body);
  });

  it("planReview updates a comment with the body it would post", () => {
    const [edit] = plan(["a"], [own(1, "a", "old")]).update;
    expect(edit!.body).toBe(plan(["a"], []).post[0]!.body);
  });

  it("planReview matches an earlier comment by path and fields, not by fields alone", () => {
    const elsewhere = { ...own(1, "a", "old"), path: "b" };
    expect(summary(plan(["a"], [elsewhere]))).toEqual({ ...NONE, post: ["a"], outdate: [1] });
  });

  it("planReview matches an earlier comment by its fields, not by its path alone", () => {
    const onLine = { ...own(1, "a", "old"), fields: fingerprintFields("CR", "a", 2) };
    expect(summary(plan(["a"], [onLine]))).toEqual({ ...NONE, post: ["a"], outdate: [1] });
  });

  it("planReview orders files worst first and keeps a file's comments together within 30", () => {
    const outcome = outcomeWith([
      assetWith("minor.png", [issueWith("1", "minor", "m")]),
      assetWith("critical.png", [issueWith("2", "critical", "c")]),
      assetWith("mixed.png", [issueWith("3", "info", "i"), issueWith("4", "major", "j")]),
    ]);
    const p = planReview({
      outcome,
      checkName: "CR",
      signing: SIGNING,
      sha: SHA,
      own: [],
      threads: new Map(),
    });
    expect(p.post.map((c) => c.path)).toEqual(["critical.png", "mixed.png", "minor.png"]);
  });

  it.each([
    ["one file", ["a"], "**CR**: ❌ failed. 1 major in 1 file."],
    [
      "one file past the first 30 comments",
      MANY,
      "**CR**: ❌ failed. 31 major in 31 files.\n\n1 more file with findings is listed in the check run and the job summary.",
    ],
    [
      "two files past the first 30 comments",
      [...MANY, "m/f31.png"],
      "**CR**: ❌ failed. 32 major in 32 files.\n\n2 more files with findings are listed in the check run and the job summary.",
    ],
  ])("planReview's review body: %s", (_, files, text) => {
    expect(plan(files, []).reviewBody).toBe(text);
  });

  it("planReview counts and comments on the files with findings only", () => {
    const outcome = outcomeWith([
      assetWith("clean.png", []),
      assetWith("a", [issueWith("1", "major", "finding")]),
    ]);
    const p = planReview({
      outcome,
      checkName: "CR",
      signing: SIGNING,
      sha: SHA,
      own: [],
      threads: new Map(),
    });
    expect(p.post.map((c) => c.path)).toEqual(["a"]);
    expect(p.reviewBody).toBe("**CR**: ❌ failed. 1 major in 1 file.");
  });

  it("planReview starts with a file whose comments alone pass 30, cut at 30", () => {
    const lines = Array.from({ length: 35 }, (_, i) => i + 1);
    const issues = lines.map((line) =>
      issueWith(`${line}`, "major", `line ${line}`, {
        anchor: { type: "text", page: 1, line, start: 0, end: 1, quote: "x" },
      }),
    );
    const p = planReview({
      outcome: outcomeWith([
        assetWith("doc.txt", issues),
        assetWith("b.png", [issueWith("b", "minor", "b")]),
      ]),
      checkName: "CR",
      diffLines: new Map([["doc.txt", new Set(lines)]]),
      signing: SIGNING,
      sha: SHA,
      own: [],
      threads: new Map(),
    });
    expect(p.post).toHaveLength(MAX_REVIEW_COMMENTS);
    expect(p.post.every((c) => c.path === "doc.txt")).toBe(true);
    expect(p.reviewBody).toContain("1 more file with findings is listed");
  });
});
