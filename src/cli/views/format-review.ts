import { acceptId } from "../../acceptance/index.ts";
import { isHttpError, isNetworkError, isWrongBaseUrlError } from "../../api/index.ts";
import type { ReviewOutcome, SkippedFile } from "../../pipeline/index.ts";
import { blockingIssues, reuseSummary, SERVICE_SKIP_REASONS } from "../../pipeline/index.ts";
import { bySeverity, formatSeverityCounts, meetsThreshold, plural } from "../../policy/index.ts";
import { describeReuse } from "../../report/index.ts";
import type { Style } from "../create-style.ts";
import { formatTable } from "../format-table.ts";

/**
 * A skipped file and why, naming the file once: a local file's message starts with its path
 * (`media/empty.txt is empty; …`), others do not (`no sandbox marker in its name; …`).
 */
export function skippedLine(skipped: SkippedFile): string {
  const path = skipped.file.displayPath;
  return skipped.message.startsWith(`${path} `) ? skipped.message : `${path}: ${skipped.message}`;
}

/** Options of {@link formatReview}. */
export interface FormatReviewOptions {
  /** The service address, named when it could not be reached. */
  readonly baseUrl?: string | undefined;
}

/** The text report of `review`: files, their issues, skipped files and the verdict. */
export function formatReview(
  outcome: ReviewOutcome,
  style: Style,
  options: FormatReviewOptions = {},
): string {
  const parts: string[] = [];
  if (outcome.assets.length > 0) {
    parts.push(
      formatTable(
        [
          { header: "file", value: (a) => a.file.displayPath },
          { header: "status", value: (a) => a.status, paint: (text) => style.tone(text) },
          { header: "issues", value: (a) => formatSeverityCounts(a.counts) },
          { header: "retries", value: (a) => a.retries || "", align: "right" },
          {
            header: "note",
            value: (a) =>
              a.resultsError ??
              a.failure?.errorMessage ??
              (a.reused === null ? undefined : describeReuse(a.reused)),
          },
        ],
        outcome.assets,
      ),
    );
    for (const asset of outcome.assets) {
      if (asset.issues.length === 0) continue;
      const lines = [...asset.issues].sort(bySeverity).map((issue) => {
        // Accepted issues (`--accepted`) are marked `a`, with who accepted them and until when.
        const accepted = asset.accepted?.get(issue.id);
        const mark =
          accepted !== undefined ? "a" : meetsThreshold(issue.severity, outcome.failOn) ? "!" : " ";
        const note =
          accepted === undefined ? "" : ` (accepted by ${accepted.by} until ${accepted.expires})`;
        return `  ${mark} ${style.tone(issue.severity.padEnd(8))} ${(issue.ruleCode ?? "").padEnd(24)} ${issue.summary.replace(/\s+/g, " ")} · accept id ${acceptId(issue)}${note}`;
      });
      const content = asset.file.version === undefined ? "" : ` (content ${asset.file.version})`;
      parts.push(`${style.bold(asset.file.displayPath)}${content}\n${lines.join("\n")}\n`);
    }
  }
  if (outcome.skipped.length > 0) {
    parts.push(
      `${style.yellow("Skipped")}\n${outcome.skipped.map((s) => `  ${skippedLine(s)}`).join("\n")}\n`,
    );
  }
  const reuse = reuseSummary(outcome.assets);
  const happened = [
    outcome.submissionId ? `submission ${outcome.submissionId}` : null,
    outcome.estimate ? plural(outcome.estimate.totalCredits, "credit") : null,
    reuse.count > 0 ? reuse.text : null,
    // Counts only when a review produced them: "0 issues" after a refused key, or after a
    // timeout (whose results were not read), would be a claim.
    outcome.status === "completed"
      ? `${plural(outcome.issueCount, "issue")} (${formatSeverityCounts(outcome.counts)})`
      : null,
  ].filter(Boolean);
  // A run that got nothing done (a refused key, no service) has no facts line: a bare
  // "fail-on critical" under its reason would say nothing.
  const facts =
    happened.length === 0
      ? ""
      : `${[...happened, `fail-on ${outcome.failOn}`, outcome.environment === "sandbox" ? "sandbox" : null].filter(Boolean).join(", ")}\n`;
  parts.push(`${verdictLine(outcome, style, options)}\n${facts}`);
  return parts.join("\n");
}

/**
 * One sentence on how the run ended. A completed run is judged here from its data (issues at or
 * above `--fail-on`, failed assets, failed uploads: the same rules as the exit code), so the line
 * matches the exit code; any other ending uses the pipeline's reason.
 */
function verdictLine(outcome: ReviewOutcome, style: Style, options: FormatReviewOptions): string {
  if (outcome.status !== "completed") return unfinishedLine(outcome, style, options);
  const over = outcome.assets.reduce((n, a) => n + blockingIssues(a, outcome.failOn).length, 0);
  const uploadFailed = outcome.skipped.filter((s) => SERVICE_SKIP_REASONS.has(s.reason)).length;
  const problems = [
    over > 0 ? `${plural(over, "issue")} at or above ${outcome.failOn} (marked !)` : null,
    outcome.failedAssetCount > 0
      ? `${plural(outcome.failedAssetCount, "file")} could not be reviewed`
      : null,
    uploadFailed > 0 ? `${plural(uploadFailed, "file")} could not be uploaded (see Skipped)` : null,
  ].filter(Boolean);
  if (problems.length > 0) return `Review ${style.red("failed")}: ${problems.join(" and ")}.`;
  const reviewed = `${plural(outcome.assets.length, "file")} reviewed`;
  return outcome.failOn === "never"
    ? `Review ${style.green("passed")}: ${reviewed}; fail-on is never.`
    : `Review ${style.green("passed")}: ${reviewed}, no issues at or above ${outcome.failOn}.`;
}

/**
 * How a run that produced no verdict ended, in the words of what happened: never "Review failed"
 * for a review that did not take place (issue 17). The details and what to do are the error line
 * on stderr ({@link reviewErrorLine}), printed once; this line does not repeat them.
 */
function unfinishedLine(
  outcome: ReviewOutcome,
  style: Style,
  options: FormatReviewOptions,
): string {
  const id = outcome.submissionId;
  const followUp = id === null ? "" : ` Follow up with: content-review status ${id} --wait`;
  switch (outcome.status) {
    case "submitted-no-wait":
      return `Review ${style.yellow("pending")}: ${outcome.reason}${followUp}`;
    case "cancelled":
      return id === null
        ? `${style.yellow("Cancelled")}: nothing was submitted.`
        : `${style.yellow("Cancelled")}: submission ${id} was not waited for; it goes on running.${followUp}`;
    case "timed-out":
      return `${style.yellow("Timed out")}: submission ${id} did not finish in time.${followUp}`;
    case "budget-exceeded":
      return `${style.yellow("Not submitted")}: the estimate is over --max-credits ${outcome.maxCredits}; nothing was charged.`;
    case "nothing-to-review": {
      // Files that were there but failed to upload (a 5xx, a refused content type) are
      // not "nothing to review": exit 3 says so, and so does this line.
      const failed = outcome.skipped.filter((s) => SERVICE_SKIP_REASONS.has(s.reason)).length;
      return failed > 0
        ? `${style.red("Not reviewed")}: ${plural(failed, "file")} could not be uploaded (see Skipped).`
        : `${style.yellow("Not reviewed")}: there was nothing to review.`;
    }
    default: {
      const what = errorCause(outcome.error?.cause, options.baseUrl);
      return id === null
        ? `${style.red("Not reviewed")}: ${what}.`
        : `${style.red("Not finished")}: submission ${id} was made, but ${what}.${followUp}`;
    }
  }
}

/** What stopped a run, in a few words: the detail is in the error line. */
function errorCause(error: unknown, baseUrl: string | undefined): string {
  if (isHttpError(error)) {
    if (error.status === 401) return "the service refused the API key (401)";
    if (error.status === 402) return "the workspace's plan has no API access (402)";
    if (isWrongBaseUrlError(error))
      return `the base URL answered 404 to ${error.operation}: it is probably not the service's address`;
    return `the service answered ${error.status} to ${error.operation}`;
  }
  if (isNetworkError(error))
    return `could not reach ${baseUrl === undefined ? "the service" : baseUrl}`;
  return "an error stopped the run";
}

/**
 * The line `review` writes to stderr when a run ended before its results (an error, a budget
 * stop, a timeout, a cancellation, nothing to review): what happened and what to do, once.
 */
export function reviewErrorLine(outcome: ReviewOutcome): string | null {
  // A cancellation is said by the summary (and by the signal's own line); a second line on
  // stderr would only repeat it.
  if (["completed", "submitted-no-wait", "cancelled"].includes(outcome.status)) return null;
  return `content-review: ${outcome.reason}\n`;
}
