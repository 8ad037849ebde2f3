// @ts-nocheck
import { describe, expect, it } from "vitest";
import { createStyle } from "../../../src/cli/create-style.ts";
import { formatReview } from "../../../src/cli/views/format-review.ts";
import { asset, outcome, skipped } from "../review-outcome-fixture.ts";

const plain = createStyle(false);
const estimate = (totalCredits: number) => ({ totalCredits, files: [] });

/** The verdict and facts: the last two lines of the text report. */
function verdict(text: string): string[] {
  return text.trimEnd().split("\n").slice(-2);
}

describe("formatReview", () => {
  it.each([
    [
      "findings at or above --fail-on",
      outcome({
        assets: [asset(["critical", "minor"])],
        reason: "Review failed: 1 issue at or above major.",
        conclusion: "failure",
        estimate: estimate(1),
      }),
      "Review failed: 1 issue at or above major (marked !).",
      "1 credit, 2 issues (1 critical, 1 minor), fail-on major",
    ],
    [
      "findings and a failed asset",
      outcome({
        assets: [asset(["major", "major"]), asset([], true, "b.txt")],
        reason: "Review failed: 2 issues at or above major and 1 file could not be reviewed.",
        conclusion: "failure",
        estimate: estimate(3),
      }),
      "Review failed: 2 issues at or above major (marked !) and 1 file could not be reviewed.",
      "3 credits, 2 issues (2 major), fail-on major",
    ],
    [
      "a failed asset only",
      outcome({
        assets: [asset([]), asset([], true, "b.txt")],
        reason: "Review failed: 1 file could not be reviewed.",
        conclusion: "failure",
      }),
      "Review failed: 1 file could not be reviewed.",
      "0 issues (no issues), fail-on major",
    ],
    [
      "a file whose upload failed",
      outcome({
        assets: [asset([])],
        skipped: [skipped("b.txt", "upload-failed")],
        reason: "Reviewed 1 files: no issues at or above major.",
      }),
      "Review failed: 1 file could not be uploaded (see Skipped).",
      "0 issues (no issues), fail-on major",
    ],
    [
      "a clean run",
      outcome({
        assets: [asset(["minor"]), asset([], false, "b.txt")],
        reason: "Reviewed 2 files: no issues at or above major.",
      }),
      "Review passed: 2 files reviewed, no issues at or above major.",
      "1 issue (1 minor), fail-on major",
    ],
    [
      "fail-on never",
      outcome({ assets: [asset(["critical"])], failOn: "never", reason: "x" }),
      "Review passed: 1 file reviewed; fail-on is never.",
      "1 issue (1 critical), fail-on never",
    ],
    [
      "a budget stop (its reason goes to stderr once, not here)",
      outcome({
        status: "budget-exceeded",
        conclusion: "action_required",
        reason: "The estimate is 9 credits, over max-credits 1; nothing was submitted or charged.",
        estimate: estimate(9),
      }),
      "Review stopped.",
      "9 credits, 0 issues (no issues), fail-on major",
    ],
    [
      "submitted without waiting: says how to follow up",
      outcome({
        status: "submitted-no-wait",
        conclusion: "pending",
        submissionId: "0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e",
        reason:
          "Submitted 2 files as 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e; not waiting for results.",
      }),
      "Review pending: Submitted 2 files as 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e; not waiting for results. Follow up with: content-review status 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e --wait",
      "submission 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e, 0 issues (no issues), fail-on major",
    ],
  ])("%s: one verdict line, singular and plural right", (_name, value, line, facts) => {
    const text = formatReview(value, plain);
    expect(verdict(text)).toEqual([line, facts]);
    expect(text.match(/Review (passed|failed|stopped|pending)/g)).toHaveLength(1);
  });

  it("marks the issues at or above --fail-on with !", () => {
    const text = formatReview(outcome({ assets: [asset(["critical", "minor"])] }), plain);
    expect(text).toMatch(/^ {2}! critical\s+RULE_0\s+summary 0$/m);
    expect(text).toMatch(/^ {4}minor\s+RULE_1\s+summary 1$/m);
  });
});
