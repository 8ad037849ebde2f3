// @ts-nocheck
import type { ReviewOutcome } from "../../pipeline/index.ts";
import { reuseSummary, SERVICE_SKIP_REASONS } from "../../pipeline/index.ts";
import {
  bySeverity,
  formatSeverityCounts,
  meetsThreshold,
  plural,
  type ReviewConclusion,
} from "../../policy/index.ts";
import { describeReuse } from "../../report/index.ts";
import type { Style } from "../create-style.ts";
import { formatTable } from "../format-table.ts";

/** The text report of `review`: files, their issues, skipped files and the verdict. */
export function formatReview(outcome: ReviewOutcome, style: Style): string {
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
        const mark = meetsThreshold(issue.severity, outcome.failOn) ? "!" : " ";
        return `  ${mark} ${style.tone(issue.severity.padEnd(8))} ${(issue.ruleCode ?? "").padEnd(24)} ${issue.summary.replace(/\s+/g, " ")}`;
      });
      parts.push(`${style.bold(asset.file.displayPath)}\n${lines.join("\n")}\n`);
    }
  }
  if (outcome.skipped.length > 0) {
    parts.push(
      `${style.yellow("Skipped")}\n${outcome.skipped.map((s) => `  ${s.file.displayPath}: ${s.message}`).join("\n")}\n`,
    );
  }
  const reuse = reuseSummary(outcome.assets);
  const facts = [
    outcome.submissionId ? `submission ${outcome.submissionId}` : null,
    outcome.estimate ? plural(outcome.estimate.totalCredits, "credit") : null,
    reuse.count > 0 ? reuse.text : null,
    `${plural(outcome.issueCount, "issue")} (${formatSeverityCounts(outcome.counts)})`,
    `fail-on ${outcome.failOn}`,
    outcome.environment === "sandbox" ? "sandbox" : null,
  ].filter(Boolean);
  parts.push(`${verdictLine(outcome, style)}\n${facts.join(", ")}\n`);
  return parts.join("\n");
}

/** The verdict word per conclusion: check-run terms (`action_required`) read oddly in a terminal. */
const VERDICT_WORDS: Readonly<Record<ReviewConclusion, string>> = Object.freeze({
  success: "passed",
  failure: "failed",
  action_required: "stopped",
  skipped: "skipped",
  timed_out: "timed out",
  cancelled: "cancelled",
  pending: "pending",
});

/**
 * One sentence on how the run ended. A completed run is judged here from its data (issues at or
 * above `--fail-on`, failed assets, failed uploads: the same rules as the exit code), so the line
 * matches the exit code; any other ending uses the pipeline's reason.
 */
function verdictLine(outcome: ReviewOutcome, style: Style): string {
  if (outcome.status === "submitted-no-wait") {
    const next = outcome.submissionId
      ? ` Follow up with: content-review status ${outcome.submissionId} --wait`
      : "";
    return `Review ${style.yellow(VERDICT_WORDS.pending)}: ${outcome.reason}${next}`;
  }
  if (outcome.status !== "completed") {
    // The reason is an error message: `review` prints it once, on stderr (reviewErrorLine).
    const word = VERDICT_WORDS[outcome.conclusion];
    return `Review ${outcome.conclusion === "failure" ? style.red(word) : style.yellow(word)}.`;
  }
  const over = outcome.assets.reduce(
    (n, a) => n + a.issues.filter((i) => meetsThreshold(i.severity, outcome.failOn)).length,
    0,
  );
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
 * The line `review` writes to stderr when a run ended before its results (an error, a budget
 * stop, a timeout, a cancellation, nothing to review): what happened and what to do, once.
 */
export function reviewErrorLine(outcome: ReviewOutcome): string | null {
  if (outcome.status === "completed" || outcome.status === "submitted-no-wait") return null;
  return `content-review: ${outcome.reason}\n`;
}
