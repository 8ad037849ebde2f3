import type { KeyObject } from "node:crypto";
import { resolve } from "node:path";
import * as core from "@actions/core";
import { PACKAGE_NAME, PACKAGE_VERSION, redact } from "../api/index.ts";
import { type ReviewOutcome, type ReviewRecord, reuseSummary } from "../pipeline/index.ts";
import { CONCLUSION_LABELS, formatSeverityCounts, plural } from "../policy/index.ts";
import { renderMarkdownReport } from "../report/index.ts";
import { buildAnnotations, completeCheckRun } from "./github/check-run.ts";
import { type GithubClient, isPermissionError } from "./github/create-github-client.ts";
import type { GithubContext } from "./github/read-github-context.ts";
import { keepReviewRecord } from "./incremental/keep-review-record.ts";
import { handOffToRelay } from "./relay-handoff/hand-off-to-relay.ts";
import type { ActionInputs } from "./resolve-action-inputs.ts";
import type { CommentAuthor } from "./review-comments/comment-author.ts";
import { publishReview } from "./review-comments/publish-review.ts";
import { writeReportFiles } from "./write-report-files.ts";

/** Time left for the last GitHub calls after a cancellation: the check must close within 5 s. */
export const CANCEL_GRACE_MS = 3_500;

/** Where to report, once the inputs and the event are known. */
export interface ReportTarget {
  readonly inputs: ActionInputs;
  readonly context: GithubContext;
  readonly github: GithubClient | undefined;
  /**
   * A client for the last words of a cancelled run: every request ends by `deadline`, with no
   * retries or spacing, since the runner kills the step soon after.
   */
  readonly lastWordsGithub: ((deadline: AbortSignal) => GithubClient) | undefined;
  checkRunId: number | undefined;
  checksAllowed: boolean;
  /** Per path, the lines of the PR's diff that line comments can point at. */
  diffLines: ReadonlyMap<string, ReadonlySet<number>>;
  /** The fetch for the relay (through the proxy, if any). */
  readonly fetch: typeof globalThis.fetch | undefined;
  /**
   * The review record to keep in the check run for the next run: the earlier record until the
   * review is done, then the outcome's. Null when the run keeps none.
   */
  record: ReviewRecord | null;
  /** Signs the record (see `deriveRecordKey`). */
  readonly recordKey: KeyObject;
  /** Signs the review comments and verifies earlier ones (see `deriveCommentKey`). */
  readonly commentKey: KeyObject;
  /** The account of the Action's own review comments; undefined: none is edited. */
  commentAuthor: CommentAuthor | undefined;
}

/** What a run has to report. */
export interface RunReport {
  readonly outcome: ReviewOutcome;
  readonly reportPath: string;
  readonly secrets: readonly string[];
}

function checkTitle(outcome: ReviewOutcome): string {
  if (outcome.status === "completed")
    return `${CONCLUSION_LABELS[outcome.conclusion]}: ${formatSeverityCounts(outcome.counts)}`;
  if (outcome.status === "budget-exceeded")
    return `Not reviewed: the estimate of ${plural(outcome.estimate?.totalCredits ?? 0, "credit")} is over max-credits ${outcome.maxCredits ?? 0}`;
  return outcome.reason;
}

/**
 * Every report of a run, on every path: the JSON report and SARIF, the check run (or, with
 * `wait: false`, the pending status and the hand-off to the relay), the PR review, the job
 * summary and the step outputs. GitHub failures degrade to warnings, and the job summary always
 * goes out. Returns a problem that must fail the step (the relay refused the submission).
 */
export async function reportOutcome(
  report: RunReport,
  target: ReportTarget | undefined,
): Promise<string | undefined> {
  let problem: string | undefined;
  const { outcome } = report;
  const warn = (what: string, error: unknown) =>
    core.warning(
      `${what}: ${redact((error as Error).message ?? String(error), report.secrets)}${isPermissionError(error) ? " (the token lacks a permission; the findings are in the job summary)" : ""}`,
    );
  const title = target?.inputs.checkName ?? "Content Review";
  const tool = {
    name: "Content Review",
    version: PACKAGE_VERSION,
    informationUri: `https://www.npmjs.com/package/${PACKAGE_NAME}`,
  };
  const sarifPath =
    target?.inputs.sarifFile === undefined
      ? undefined
      : resolve(target.context.workspace, target.inputs.sarifFile);

  try {
    await writeReportFiles({ outcome, reportPath: report.reportPath, sarifPath, tool });
  } catch (error) {
    warn("Could not write the report files", error);
  }

  const cancelled = outcome.conclusion === "cancelled";
  const github =
    cancelled && target?.lastWordsGithub !== undefined
      ? target.lastWordsGithub(AbortSignal.timeout(CANCEL_GRACE_MS))
      : target?.github;
  if (target !== undefined && github !== undefined) {
    const { context, inputs } = target;
    if (outcome.conclusion === "pending" && outcome.submissionId !== null) {
      try {
        await handOffToRelay({
          github,
          context,
          inputs,
          outcome,
          fetch: target.fetch,
          info: (m) => core.info(m),
          warning: (m) => core.warning(m),
          warn,
        });
      } catch (error) {
        // The submission exists but nobody will report on it: fail the step, after the outputs.
        problem = redact((error as Error).message, report.secrets);
      }
    } else if (target.checksAllowed) {
      try {
        const record =
          target.record === null
            ? undefined
            : await keepReviewRecord(github, context, {
                checkName: inputs.checkName,
                record: target.record,
                key: target.recordKey,
                companions: !cancelled,
                warning: (m) => core.warning(m),
              });
        await completeCheckRun(github, context, {
          id: target.checkRunId,
          name: inputs.checkName,
          conclusion: outcome.conclusion as Exclude<typeof outcome.conclusion, "pending">,
          title: checkTitle(outcome),
          summary: renderMarkdownReport(outcome, {
            title,
            fullReportHint: "The job summary and the JSON report have the rest.",
          }),
          annotations: buildAnnotations(outcome, inputs.failOn),
          record,
        });
      } catch (error) {
        warn("Could not complete the check run", error);
      }
    }
    if (
      inputs.comment === "review" &&
      context.pullRequest !== undefined &&
      outcome.status === "completed"
    ) {
      try {
        const published = await publishReview(github, context, {
          outcome,
          checkName: inputs.checkName,
          diffLines: target.diffLines,
          author: target.commentAuthor,
          commentKey: target.commentKey,
        });
        core.info(
          `PR review: ${published.created} new, ${published.updated} updated, ${published.outdated} marked outdated, ${published.unchanged} unchanged comments.`,
        );
        if (published.ignored !== undefined) core.warning(published.ignored);
        if (published.refused !== undefined)
          core.warning(
            `Could not post the review comments: ${redact(published.refused, report.secrets)}. The findings are in the check run and the job summary.`,
          );
      } catch (error) {
        warn("Could not post the PR review", error);
      }
    }
  }

  try {
    await core.summary
      .addRaw(
        renderMarkdownReport(outcome, {
          title,
          chart: true,
          fullReportHint: "The JSON report has the rest.",
        }),
        true,
      )
      .write();
  } catch (error) {
    warn("Could not write the job summary", error);
  }

  core.setOutput("submission-id", outcome.submissionId ?? "");
  core.setOutput("status", outcome.conclusion);
  core.setOutput("issue-count", String(outcome.issueCount));
  core.setOutput("critical-count", String(outcome.counts.critical));
  // What this run submitted: reused files cost nothing and are counted apart.
  core.setOutput("credits", String(outcome.estimate?.totalCredits ?? 0));
  core.setOutput("reused-count", String(reuseSummary(outcome.assets).count));
  core.setOutput("report-path", report.reportPath);
  return problem;
}
