// @ts-nocheck
import type { Issue } from "../api/index.ts";
import { pascalCase } from "./pascal-case.ts";
import { safeLink, sanitizeMarkdown } from "./sanitize-markdown.ts";

/** SARIF level per severity (policy as data): critical and major fail code scanning, minor warns. */
export const SARIF_LEVELS: Readonly<Record<string, "error" | "warning" | "note">> = Object.freeze({
  critical: "error",
  major: "error",
  minor: "warning",
  info: "note",
});

/** GitHub's `problem.severity` per SARIF level: it orders and filters alerts that are not security. */
const PROBLEM_SEVERITIES = Object.freeze({
  error: "error",
  warning: "warning",
  note: "recommendation",
} as const);

/** Code scanning's cap on `shortDescription.text` and `fullDescription.text`. */
const DESCRIPTION_LIMIT = 1024;
/** Code scanning's cap on a rule's `name`. */
const NAME_LIMIT = 255;

/** The SARIF level of a severity; unknown severities are notes. */
export function sarifLevel(severity: string): "error" | "warning" | "note" {
  return SARIF_LEVELS[severity.toLowerCase()] ?? "note";
}

function clip(text: string, limit: number): string {
  const flat = text.trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

function httpUrl(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
}

/** The rule's human name: the contributor's that carries this rule code, else any contributor's. */
function ruleNameOf(issue: Issue): string | undefined {
  const contributors = issue.contributors ?? [];
  const named = contributors.filter((c) => c.ruleName?.trim());
  return (named.find((c) => c.ruleCode === issue.ruleCode) ?? named[0])?.ruleName?.trim();
}

function resolutionOf(issue: Issue): string | undefined {
  const description = issue.resolutionRequirement?.["description"];
  return typeof description === "string" && description.trim() ? description.trim() : undefined;
}

/** The rule's help, in plain text and in markdown (GitHub shows the markdown when present). */
function helpOf(issue: Issue, title: string): { text: string; markdown: string } {
  const text: string[] = [title];
  const markdown: string[] = [`**${sanitizeMarkdown(title, { inline: true })}**`];
  const add = (plain: string, md: string) => {
    text.push(plain);
    markdown.push(md);
  };
  if (issue.details?.trim()) add(issue.details.trim(), sanitizeMarkdown(issue.details.trim()));
  const reasoning = [issue.severityReasoningHeadline, issue.severityReasoning]
    .map((t) => t?.trim())
    .filter((t): t is string => !!t);
  if (reasoning.length > 0) {
    add(
      `Why ${issue.severity}: ${reasoning.join(": ")}`,
      `Why ${sanitizeMarkdown(issue.severity, { inline: true })}: ${reasoning.map((t) => sanitizeMarkdown(t)).join(": ")}`,
    );
  }
  const resolution = resolutionOf(issue);
  if (resolution)
    add(`How to resolve: ${resolution}`, `How to resolve: ${sanitizeMarkdown(resolution)}`);
  const precedents = (issue.precedents ?? []).filter((p) => p.title || p.url);
  if (precedents.length > 0) {
    const extra = (p: (typeof precedents)[number]) =>
      [p.decision, p.date].filter((t): t is string => !!t);
    add(
      `Precedents:\n${precedents
        .map((p) => {
          const meta = extra(p);
          const url = httpUrl(p.url);
          return `- ${p.title ?? url ?? "precedent"}${meta.length > 0 ? ` (${meta.join(", ")})` : ""}${url && p.title ? `: ${url}` : ""}`;
        })
        .join("\n")}`,
      `Precedents:\n\n${precedents
        .map((p) => {
          const meta = extra(p).map((t) => sanitizeMarkdown(t, { inline: true }));
          return `- ${safeLink(p.url, p.title ?? p.url ?? "precedent")}${meta.length > 0 ? ` (${meta.join(", ")})` : ""}`;
        })
        .join("\n")}`,
    );
  }
  return { text: text.join("\n\n"), markdown: markdown.join("\n\n") };
}

/**
 * One `reportingDescriptor` (SARIF 3.49) for a rule code, described by its most severe issue.
 * Everything code scanning requires is always there: `shortDescription`, `fullDescription` and
 * `help.text` (with `help.markdown`); `name` is the rule name as one Pascal identifier, left out
 * when it would equal the id (SARIF 3.49.7); `helpUri` is the first http(s) precedent.
 */
export function renderSarifRule(
  id: string,
  issue: Issue,
  severity: string,
): Record<string, unknown> {
  const ruleName = ruleNameOf(issue);
  const title = ruleName ?? (issue.summary.trim() || id);
  const name = clip(pascalCase(ruleName ?? id), NAME_LIMIT);
  const helpUri = (issue.precedents ?? []).map((p) => httpUrl(p.url)).find((u) => u);
  const level = sarifLevel(severity);
  return {
    id,
    ...(name !== "" && name !== id ? { name } : {}),
    shortDescription: { text: clip(title, DESCRIPTION_LIMIT) },
    fullDescription: { text: clip(issue.details?.trim() || title, DESCRIPTION_LIMIT) },
    ...(helpUri ? { helpUri } : {}),
    help: helpOf(issue, title),
    defaultConfiguration: { level },
    properties: {
      tags: ["content-review", severity],
      "problem.severity": PROBLEM_SEVERITIES[level],
    },
  };
}
