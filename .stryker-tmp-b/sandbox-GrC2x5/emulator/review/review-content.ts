// @ts-nocheck
import type { MediaCategory } from "../../src/api/index.ts";
import type { IssueRecord } from "../state/emulator-state.ts";
import { makeIssue } from "./make-issue.ts";
import { MAX_ISSUES_PER_RULE, REVIEW_RULES } from "./review-rules.ts";

/** What the rules look at: measured facts and the text of each page. */
export interface ReviewInput {
  readonly assetId: string;
  readonly category: MediaCategory;
  readonly facts: Readonly<Record<string, number | string>>;
  readonly pages: readonly string[];
  readonly sidekickIds: readonly string[];
  readonly at: string;
}

/** Runs the live rule set (review-rules.ts) over one asset; deterministic for the same bytes. */
export function reviewContent(input: ReviewInput): IssueRecord[] {
  const issues: IssueRecord[] = [];
  const whole = input.pages.join("\n");
  for (const rule of REVIEW_RULES) {
    const base = {
      assetId: input.assetId,
      ruleCode: rule.code,
      ruleName: rule.name,
      severity: rule.severity,
      summary: rule.summary,
      details: rule.details,
      severityReasoningHeadline: rule.severityReasoningHeadline,
      severityReasoning: rule.severityReasoning,
      resolution: rule.resolution,
      topicKey: rule.topic,
      sidekickIds: input.sidekickIds,
      at: input.at,
    };
    if (rule.kind === "media") {
      if (rule.appliesTo !== input.category) continue;
      const found = rule.check(input.facts, input.pages);
      if (found === undefined) continue;
      issues.push(
        makeIssue({
          ...base,
          occurrenceKey: `${rule.code}:0`,
          referenceNumber: issues.length + 1,
          anchor: { type: "media", property: Object.keys(input.facts).join(",") },
          evidence: { observed: found, facts: input.facts },
        }),
      );
      continue;
    }
    if (rule.unlessText?.test(whole)) continue;
    let count = 0;
    input.pages.forEach((page, pageIndex) => {
      for (const match of page.matchAll(rule.pattern)) {
        if (count >= MAX_ISSUES_PER_RULE) return;
        const start = match.index;
        const quote = match[0];
        const line = page.slice(0, start).split("\n").length;
        issues.push(
          makeIssue({
            ...base,
            summary: `${rule.summary}: "${quote}"`,
            occurrenceKey: `${rule.code}:${count}`,
            referenceNumber: issues.length + 1,
            anchor: {
              type: "text",
              page: pageIndex + 1,
              line,
              start,
              end: start + quote.length,
              quote,
            },
            evidence: { quote, context: contextAround(page, start, quote.length) },
          }),
        );
        count += 1;
      }
    });
  }
  return issues;
}

function contextAround(text: string, start: number, length: number): string {
  return text
    .slice(Math.max(0, start - 40), start + length + 40)
    .replace(/\s+/g, " ")
    .trim();
}
