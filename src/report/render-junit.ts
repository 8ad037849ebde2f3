import type { ReviewOutcome } from "../pipeline/index.ts";
import { formatSeverityCounts } from "./format-severity-counts.ts";
import { bySeverity, meetsThreshold } from "./severity.ts";

/** Options of {@link renderJunit}. */
export interface JunitOptions {
  /** Name of the test suite. @default "content-review" */
  readonly suiteName?: string;
}

function xml(text: string): string {
  return (
    text
      // XML 1.0 forbids most control characters, even escaped.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

interface Case {
  readonly name: string;
  readonly body: string;
  readonly kind: "pass" | "failure" | "error" | "skipped";
}

/**
 * JUnit XML for CI systems that show test reports (GitLab, Jenkins, Azure Pipelines): one test
 * case per file. A file fails when it has an issue at or above `failOn` (every issue is listed in
 * the failure text), errors when its review failed or its results could not be read, and is
 * skipped when it was left out before submission. A run that ended before results (budget,
 * timeout, error) is one erroring case that says why.
 */
export function renderJunit(outcome: ReviewOutcome, options: JunitOptions = {}): string {
  const suite = options.suiteName ?? "content-review";
  const cases: Case[] = [];
  for (const asset of outcome.assets) {
    const name = asset.file.displayPath;
    if (asset.status === "failed" || asset.resultsError !== null) {
      const message = asset.resultsError ?? asset.failure?.errorMessage ?? `review ${asset.status}`;
      const type = asset.failure?.errorType ?? "review-failed";
      cases.push({
        name,
        kind: "error",
        body: `<error message="${xml(message)}" type="${xml(type)}"/>`,
      });
      continue;
    }
    const failing = asset.issues.filter((i) => meetsThreshold(i.severity, outcome.failOn));
    if (failing.length === 0) {
      cases.push({ name, kind: "pass", body: "" });
      continue;
    }
    const lines = [...asset.issues]
      .sort(bySeverity)
      .map((i) => `[${i.severity}] ${i.ruleCode ?? "issue"}: ${i.summary}`);
    const message = `${failing.length} issue${failing.length === 1 ? "" : "s"} at or above ${outcome.failOn} (${formatSeverityCounts(asset.counts)})`;
    cases.push({
      name,
      kind: "failure",
      body: `<failure message="${xml(message)}" type="${xml(outcome.failOn)}">${xml(lines.join("\n"))}</failure>`,
    });
  }
  for (const skipped of outcome.skipped) {
    cases.push({
      name: skipped.file.displayPath,
      kind: "skipped",
      body: `<skipped message="${xml(`${skipped.reason}: ${skipped.message}`)}"/>`,
    });
  }
  if (outcome.status !== "completed" && outcome.status !== "nothing-to-review") {
    const kind = outcome.status === "submitted-no-wait" ? "skipped" : "error";
    cases.push({
      name: "review run",
      kind,
      body:
        kind === "skipped"
          ? `<skipped message="${xml(outcome.reason)}"/>`
          : `<error message="${xml(outcome.reason)}" type="${xml(outcome.status)}"/>`,
    });
  }
  const count = (kind: Case["kind"]) => cases.filter((c) => c.kind === kind).length;
  const totals = `tests="${cases.length}" failures="${count("failure")}" errors="${count("error")}" skipped="${count("skipped")}"`;
  const body = cases
    .map((c) =>
      c.body
        ? `    <testcase classname="${xml(suite)}" name="${xml(c.name)}">${c.body}</testcase>`
        : `    <testcase classname="${xml(suite)}" name="${xml(c.name)}"/>`,
    )
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(suite)}" ${totals}>`,
    `  <testsuite name="${xml(suite)}" ${totals}>`,
    ...(body ? [body] : []),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
