import type { ReviewOutcome } from "../../pipeline/index.ts";
import { bySeverity, formatSeverityCounts, meetsThreshold } from "../../report/index.ts";
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
          { header: "note", value: (a) => a.resultsError ?? a.failure?.errorMessage },
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
  const facts = [
    outcome.submissionId ? `submission ${outcome.submissionId}` : null,
    outcome.estimate ? `${outcome.estimate.totalCredits} credits` : null,
    `${outcome.issueCount} issue${outcome.issueCount === 1 ? "" : "s"} (${formatSeverityCounts(outcome.counts)})`,
    `fail-on ${outcome.failOn}`,
    outcome.environment === "sandbox" ? "sandbox" : null,
  ].filter(Boolean);
  const verdict =
    outcome.conclusion === "success"
      ? style.green("passed")
      : outcome.conclusion === "failure"
        ? style.red("failed")
        : style.yellow(outcome.conclusion.replace("_", " "));
  const over = outcome.assets.reduce(
    (n, a) => n + a.issues.filter((i) => meetsThreshold(i.severity, outcome.failOn)).length,
    0,
  );
  const why =
    outcome.status === "completed" && over > 0
      ? `${over} issue${over === 1 ? "" : "s"} at or above ${outcome.failOn} (marked !). ${outcome.reason}`
      : outcome.reason;
  parts.push(`Review ${verdict}: ${why}\n${facts.join(", ")}\n`);
  return parts.join("\n");
}
