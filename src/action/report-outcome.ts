import type { KeyObject } from "node:crypto";
import { resolve } from "node:path";
import * as core from "@actions/core";
import { PACKAGE_NAME, PACKAGE_VERSION, redact } from "../api/index.ts";
import { type ReviewOutcome, type ReviewRecord, reuseSummary } from "../pipeline/index.ts";
import { CONCLUSION_LABELS, formatSeverityCounts, plural } from "../policy/index.ts";
import { renderMarkdownReport } from "../report/index.ts";
import { describeError } from "../shared/index.ts";
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

/**
 * Where and how to report, as far as the run got: fixed once the inputs and the event are known,
 * then replaced (never changed) as the run learns its check run, its diff and its record.
 */
export interface ReportPlan {
  readonly inputs: ActionInputs;
  readonly context: GithubContext;
  readonly github: GithubClient | undefined;
  /**
   * A client for the last words of a cancelled run: every request ends by `deadline`, with no
   * retries or spacing, since the runner kills the step soon after.
   */
  readonly lastWordsGithub: ((deadline: AbortSignal) => GithubClient) | undefined;
  readonly checkRunId: number | undefined;
  readonly checksAllowed: boolean;
  /** Per path, the lines of the PR's diff that line comments can point at. */
  readonly diffLines: ReadonlyMap<string, ReadonlySet<number>>;
  /** The fetch for the relay (through the proxy, if any). */
  readonly fetch: typeof globalThis.fetch | undefined;
  /**
   * The review record to keep in the check run for the next run: the earlier record until the
   * review is done, then the outcome's. Null when the run keeps none.
   */
  readonly record: ReviewRecord | null;
  /** Signs the record (see `deriveRecordKey`). */
  readonly recordKey: KeyObject;
  /** Signs the review comments and verifies earlier ones (see `deriveCommentKey`). */
  readonly commentKey: KeyObject;
  /** The account of the Action's own review comments; undefined: none is edited. */
  readonly commentAuthor: CommentAuthor | undefined;
  /** Which source listed the changed files (see `describeListing`), for the job summary. */
  readonly listedBy: string | undefined;
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

type Warn = (what: string, error: unknown) => void;

/**
 * Every report of a run, on every path: the JSON report and SARIF, the check run (or, with
 * `wait: false`, the pending status and the hand-off to the relay), the PR review, the job
 * summary and the step outputs. GitHub failures degrade to warnings, and the job summary always
 * goes out. Returns a problem that must fail the step (the relay refused the submission).
 */
export async function reportOutcome(
  report: RunReport,
  plan: ReportPlan | undefined,
): Promise<string | undefined> {
  const { outcome } = report;
  const warn: Warn = (what, error) =>
    core.warning(
      `${what}: ${redact(describeError(error), report.secrets)}${isPermissionError(error) ? " (the token lacks a permission; the findings are in the job summary)" : ""}`,
    );
  const title = plan?.inputs.checkName ?? "Content Review";
  const sarifPath =
    plan?.inputs.sarifFile === undefined
      ? undefined
      : resolve(plan.context.workspace, plan.inputs.sarifFile);
  try {
    await writeReportFiles({ outcome, reportPath: report.reportPath, sarifPath, tool: SARIF_TOOL });
  } catch (error) {
    warn("Could not write the report files", error);
  }
  const problem = plan === undefined ? undefined : await reportOnGithub(report, plan, warn);
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
      .addRaw(plan?.listedBy === undefined ? "" : `\n${plan.listedBy}\n`, true)
      .write();
  } catch (error) {
    warn("Could not write the job summary", error);
  }
  setOutputs(outcome, report.reportPath);
  return problem;
}

const SARIF_TOOL = {
  name: "Content Review",
  version: PACKAGE_VERSION,
  informationUri: `https://www.npmjs.com/package/${PACKAGE_NAME}`,
};

/** The check run or the hand-off to the relay, then the PR review; a problem fails the step. */
async function reportOnGithub(
  report: RunReport,
  plan: ReportPlan,
  warn: Warn,
): Promise<string | undefined> {
  const { outcome } = report;
  const github =
    outcome.conclusion === "cancelled" && plan.lastWordsGithub !== undefined
      ? plan.lastWordsGithub(AbortSignal.timeout(CANCEL_GRACE_MS))
      : plan.github;
  if (github === undefined) return undefined;
  let problem: string | undefined;
  if (outcome.conclusion === "pending" && outcome.submissionId !== null) {
    try {
      await handOffToRelay({
        github,
        context: plan.context,
        inputs: plan.inputs,
        outcome,
        fetch: plan.fetch,
        info: (m) => core.info(m),
        warning: (m) => core.warning(m),
        warn,
      });
    } catch (error) {
      // The submission exists but nobody will report on it: fail the step, after the outputs.
      problem = redact(describeError(error), report.secrets);
    }
  } else if (plan.checksAllowed) {
    await concludeCheckRun(github, plan, outcome, warn);
  }
  const { inputs, context } = plan;
  if (
    inputs.comment === "review" &&
    context.pullRequest !== undefined &&
    outcome.status === "completed"
  )
    await postReview(github, plan, report, warn);
  return problem;
}

/** Concludes the run's check run, with the signed record for the next run. */
async function concludeCheckRun(
  github: GithubClient,
  plan: ReportPlan,
  outcome: ReviewOutcome,
  warn: Warn,
): Promise<void> {
  try {
    // A record too large for one check run's text continues in companion check runs; a
    // cancelled run posts none, so that its check run still closes within the grace.
    const record =
      plan.record === null
        ? undefined
        : await keepReviewRecord(github, plan.context, {
            checkName: plan.inputs.checkName,
            record: plan.record,
            key: plan.recordKey,
            companions: outcome.conclusion !== "cancelled",
            warning: (m) => core.warning(m),
          });
    await completeCheckRun(github, plan.context, {
      id: plan.checkRunId,
      name: plan.inputs.checkName,
      conclusion: outcome.conclusion as Exclude<typeof outcome.conclusion, "pending">,
      title: checkTitle(outcome),
      summary: renderMarkdownReport(outcome, {
        title: plan.inputs.checkName,
        fullReportHint: "The job summary and the JSON report have the rest.",
      }),
      annotations: buildAnnotations(outcome, plan.inputs.failOn),
      record,
    });
  } catch (error) {
    warn("Could not complete the check run", error);
  }
}

/** The PR review with a comment per finding; failures are warnings. */
async function postReview(
  github: GithubClient,
  plan: ReportPlan,
  report: RunReport,
  warn: Warn,
): Promise<void> {
  try {
    const published = await publishReview(github, plan.context, {
      outcome: report.outcome,
      checkName: plan.inputs.checkName,
      diffLines: plan.diffLines,
      author: plan.commentAuthor,
      commentKey: plan.commentKey,
    });
    core.info(
      `PR review: ${published.created} new, ${published.updated} updated, ${published.outdated} marked outdated, ${published.unchanged} unchanged comments; ${plural(published.resolved, "thread")} resolved, ${published.unresolved} reopened.`,
    );
    if (published.ignored !== undefined) core.warning(published.ignored);
    if (published.authorUnknown !== undefined)
      core.warning(redact(published.authorUnknown, report.secrets));
    if (published.threads !== undefined) core.warning(redact(published.threads, report.secrets));
    if (published.refused !== undefined)
      core.warning(
        `Could not post the review comments: ${redact(published.refused, report.secrets)}. The findings are in the check run and the job summary.`,
      );
  } catch (error) {
    warn("Could not post the PR review", error);
  }
}

function setOutputs(outcome: ReviewOutcome, reportPath: string): void {
  core.setOutput("submission-id", outcome.submissionId ?? "");
  core.setOutput("status", outcome.conclusion);
  core.setOutput("issue-count", String(outcome.issueCount));
  core.setOutput("critical-count", String(outcome.counts.critical));
  // What this run submitted: reused files cost nothing and are counted apart.
  core.setOutput("credits", String(outcome.estimate?.totalCredits ?? 0));
  core.setOutput("reused-count", String(reuseSummary(outcome.assets).count));
  core.setOutput("report-path", reportPath);
}
