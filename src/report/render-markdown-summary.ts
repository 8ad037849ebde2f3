import { type ReviewOutcome, reuseSummary } from "../pipeline/index.ts";
import { CONCLUSION_LABELS, formatSeverityCounts } from "../policy/index.ts";
import { inlineCode, sanitizeMarkdown } from "./sanitize-markdown.ts";

/** The report's first section: its heading and conclusion, the reason, the facts, what fails it. */
export function renderMarkdownSummary(outcome: ReviewOutcome, title: string): string {
  const facts: string[] = [];
  const reuse = reuseSummary(outcome.assets);
  if (outcome.assets.length > 0)
    facts.push(
      `${outcome.assets.length} ${outcome.assets.length === 1 ? "file" : "files"} reviewed`,
    );
  if (reuse.count > 0) facts.push(reuse.text);
  if (outcome.status === "completed") facts.push(formatSeverityCounts(outcome.counts));
  const accepted = outcome.acceptance?.acceptedCount ?? 0;
  if (accepted > 0) facts.push(`${accepted} accepted (not counted)`);
  if (outcome.failedAssetCount > 0) facts.push(`${outcome.failedAssetCount} failed`);
  if (outcome.skipped.length > 0) facts.push(`${outcome.skipped.length} skipped`);
  if (outcome.estimate !== null) {
    const total = outcome.estimate.totalCredits;
    facts.push(`${total} ${total === 1 ? "credit" : "credits"}`);
  }
  if (outcome.environment === "sandbox") facts.push("sandbox");
  if (outcome.submissionId !== null) facts.push(`submission ${inlineCode(outcome.submissionId)}`);
  return [
    `## ${sanitizeMarkdown(title, { inline: true })}: ${CONCLUSION_LABELS[outcome.conclusion]}`,
    "",
    sanitizeMarkdown(outcome.reason, { inline: true }),
    ...(facts.length > 0 ? ["", facts.join(" · ")] : []),
    "",
    `Fails on: ${outcome.failOn === "never" ? "nothing (fail-on: never)" : `${outcome.failOn} or worse, and on failed files`}.`,
  ].join("\n");
}
