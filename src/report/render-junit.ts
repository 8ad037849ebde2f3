import {
  blockingIssues,
  isAccepted,
  type ReviewOutcome,
  secondsBetween,
} from "../pipeline/index.ts";
import { bySeverity, formatSeverityCounts } from "../policy/index.ts";

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
  /** Seconds the service spent on the file; 0 when unknown or never reviewed. */
  readonly seconds: number;
}

/** Seconds as JUnit writes them: a plain decimal, which Jenkins' schema (SUREFIRE_TIME) accepts. */
function time(seconds: number): string {
  return seconds.toFixed(3);
}

/** A skipped case: the reason as text, the form both of Jenkins' schemas accept (junit-4 allows no attribute). */
function skippedBody(reason: string): string {
  return `<skipped>${xml(reason)}</skipped>`;
}

/**
 * JUnit XML for CI systems that show test reports (GitLab, Jenkins, Azure Pipelines): one test
 * case per file. A file fails when it has an issue at or above `failOn` (every issue is listed in
 * the failure text), errors when its review failed or its results could not be read, and is
 * skipped when it was left out before submission. A run that ended before results (budget,
 * timeout, error) is one erroring case that says why.
 *
 * Only what Jenkins' JUnit schemas (junit-4.xsd and junit-10.xsd) allow is written, and every
 * element carries `time` in seconds (test reporters show "NaN" without it): a case's is the
 * service's processing time of its file, the suite's the submission's wall time (or the sum of
 * the cases when unknown). The skip count sits on `<testsuite>` only; `<testsuites>` has none.
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
        seconds: asset.processingSeconds ?? 0,
      });
      continue;
    }
    // Accepted issues are listed with the failure's text, and never fail a case (issue 32).
    const failing = blockingIssues(asset, outcome.failOn);
    if (failing.length === 0) {
      cases.push({ name, kind: "pass", body: "", seconds: asset.processingSeconds ?? 0 });
      continue;
    }
    const lines = [...asset.issues]
      .sort(bySeverity)
      .map(
        (i) =>
          `[${i.severity}] ${i.ruleCode ?? "issue"}: ${i.summary}${isAccepted(asset, i) ? " (accepted)" : ""}`,
      );
    const message = `${failing.length} issue${failing.length === 1 ? "" : "s"} at or above ${outcome.failOn} (${formatSeverityCounts(asset.counts)})`;
    cases.push({
      name,
      kind: "failure",
      body: `<failure message="${xml(message)}" type="${xml(outcome.failOn)}">${xml(lines.join("\n"))}</failure>`,
      seconds: asset.processingSeconds ?? 0,
    });
  }
  for (const skipped of outcome.skipped) {
    cases.push({
      name: skipped.file.displayPath,
      kind: "skipped",
      body: skippedBody(`${skipped.reason}: ${skipped.message}`),
      seconds: 0,
    });
  }
  if (outcome.status !== "completed" && outcome.status !== "nothing-to-review") {
    const kind = outcome.status === "submitted-no-wait" ? "skipped" : "error";
    cases.push({
      name: "review run",
      kind,
      body:
        kind === "skipped"
          ? skippedBody(outcome.reason)
          : `<error message="${xml(outcome.reason)}" type="${xml(outcome.status)}"/>`,
      seconds: 0,
    });
  }
  const count = (kind: Case["kind"]) => cases.filter((c) => c.kind === kind).length;
  const submission = outcome.lastSubmission;
  const seconds =
    secondsBetween(submission?.createdAt, submission?.completedAt) ??
    cases.reduce((sum, c) => sum + c.seconds, 0);
  const totals = `tests="${cases.length}" failures="${count("failure")}" errors="${count("error")}"`;
  const body = cases
    .map((c) => {
      const head = `<testcase classname="${xml(suite)}" name="${xml(c.name)}" time="${time(c.seconds)}"`;
      return c.body ? `    ${head}>${c.body}</testcase>` : `    ${head}/>`;
    })
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(suite)}" ${totals} time="${time(seconds)}">`,
    `  <testsuite name="${xml(suite)}" ${totals} skipped="${count("skipped")}" time="${time(seconds)}">`,
    ...(body ? [body] : []),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
