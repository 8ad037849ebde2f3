import { describe, expect, it } from "vitest";
import { HttpError, NetworkError } from "../../../src/api/index.ts";
import { createStyle } from "../../../src/cli/create-style.ts";
import { formatReview } from "../../../src/cli/views/format-review.ts";
import { asset, outcome, skipped } from "../review-outcome-fixture.ts";

const plain = createStyle(false);
const estimate = (totalCredits: number) => ({ totalCredits, files: [] });
const SUB = "0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e";

/** An outcome that ended on `cause`, with or without a submission made before it. */
function ended(cause: Error, submissionId: string | null = null) {
  return outcome({
    status: "error",
    conclusion: "failure",
    reason: cause.message,
    submissionId,
    error: { name: cause.name, message: cause.message, cause },
  });
}

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
        maxCredits: 1,
      }),
      "Not submitted: the estimate is over --max-credits 1; nothing was charged.",
      "9 credits, fail-on major",
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
      "submission 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e, fail-on major",
    ],
  ])("%s: one verdict line, singular and plural right", (_name, value, line, facts) => {
    const text = formatReview(value, plain);
    expect(verdict(text)).toEqual([line, facts]);
    expect(text.match(/Review (passed|failed|stopped|pending)|Not submitted/g)).toHaveLength(1);
  });

  it.each([
    [
      "a refused key",
      ended(
        new HttpError("createUploadUrl failed with HTTP 401: Invalid API key.", {
          status: 401,
          operation: "createUploadUrl",
        }),
      ),
      "Not reviewed: the service refused the API key (401).",
      null,
    ],
    [
      "an unreachable service",
      ended(
        new NetworkError("createUploadUrl could not reach the service (fetch failed).", {
          operation: "createUploadUrl",
          ambiguous: false,
        }),
      ),
      "Not reviewed: could not reach http://127.0.0.1:1.",
      null,
    ],
    [
      "a service error after the submission",
      ended(
        new HttpError("getSubmission failed with HTTP 503.", {
          status: 503,
          operation: "getSubmission",
        }),
        SUB,
      ),
      `Not finished: submission ${SUB} was made, but the service answered 503 to getSubmission. Follow up with: content-review status ${SUB} --wait`,
      `submission ${SUB}, fail-on major`,
    ],
    [
      "a cancelled wait",
      outcome({
        status: "cancelled",
        conclusion: "cancelled",
        submissionId: SUB,
        reason: "The run was cancelled before it finished.",
      }),
      `Cancelled: submission ${SUB} was not waited for; it goes on running. Follow up with: content-review status ${SUB} --wait`,
      `submission ${SUB}, fail-on major`,
    ],
    [
      "a timed-out wait (its results were not read)",
      outcome({
        status: "timed-out",
        conclusion: "timed_out",
        submissionId: SUB,
        assets: [{ ...asset([]), status: "processing" }],
        reason: "Submission did not finish within 60 s.",
      }),
      `Timed out: submission ${SUB} did not finish in time. Follow up with: content-review status ${SUB} --wait`,
      `submission ${SUB}, fail-on major`,
    ],
    [
      "a run cancelled before submitting",
      outcome({
        status: "cancelled",
        conclusion: "cancelled",
        reason: "The run was cancelled before it finished.",
      }),
      "Cancelled: nothing was submitted.",
      null,
    ],
    [
      "a run whose every upload failed (storage's 5xx)",
      outcome({
        status: "nothing-to-review",
        conclusion: "failure",
        skipped: [skipped("media/a.txt", "upload-failed")],
        reason: "The file could not be submitted; see the skipped file.",
      }),
      "Not reviewed: 1 file could not be uploaded (see Skipped).",
      null,
    ],
    [
      "a run that found nothing to review",
      outcome({
        status: "nothing-to-review",
        conclusion: "skipped",
        skipped: [skipped("media/empty.txt", "empty")],
        reason: "The file could not be submitted; see the skipped file.",
      }),
      "Not reviewed: there was nothing to review.",
      null,
    ],
  ])("%s: says what happened, and claims no verdict or counts", (_name, value, line, facts) => {
    const text = formatReview(value, plain, { baseUrl: "http://127.0.0.1:1" });
    if (facts === null) {
      // Nothing got done: no facts line (a bare "fail-on major" would say nothing).
      expect(text.trimEnd().split("\n").at(-1)).toBe(line);
      expect(text).not.toContain("fail-on");
    } else {
      expect(verdict(text)).toEqual([line, facts]);
    }
    expect(text).not.toMatch(/Review failed|issues? \(/);
  });

  it.each([
    ["its reason starts with the path", "media/empty.txt is empty; there is nothing to review."],
    [
      "its reason does not",
      "no sandbox marker in its name; a sandbox key reviews only marked files.",
    ],
  ])("names a skipped file once when %s", (_name, message) => {
    const file = { path: "/w/media/empty.txt", displayPath: "media/empty.txt" };
    const text = formatReview(
      outcome({ assets: [asset([])], skipped: [{ file, reason: "empty", message }] }),
      plain,
    );
    const line = text.split("\n").find((l) => l.includes("media/empty.txt"));
    expect(line?.match(/media\/empty\.txt/g)).toHaveLength(1);
  });

  it("marks the issues at or above --fail-on with !", () => {
    const text = formatReview(outcome({ assets: [asset(["critical", "minor"])] }), plain);
    expect(text).toMatch(/^ {2}! critical\s+RULE_0\s+summary 0 · accept id [0-9a-f]{8}$/m);
    expect(text).toMatch(/^ {4}minor\s+RULE_1\s+summary 1 · accept id [0-9a-f]{8}$/m);
  });

  it("marks accepted issues with a, and says who accepted them until when", () => {
    const base = asset(["critical", "minor"]);
    const accepted = new Map([
      [base.issues[0]!.id, { by: "@acme/legal", reason: "ok", expires: "2027-03-01" }],
    ]);
    const text = formatReview(outcome({ assets: [{ ...base, accepted }] }), plain);
    expect(text).toMatch(
      /^ {2}a critical\s+RULE_0\s+summary 0 · accept id [0-9a-f]{8} \(accepted by @acme\/legal until 2027-03-01\)$/m,
    );
  });
});
