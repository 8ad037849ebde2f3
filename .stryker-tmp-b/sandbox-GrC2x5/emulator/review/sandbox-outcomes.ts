// @ts-nocheck
import type { IssueRecord, SandboxOutcome } from "../state/emulator-state.ts";
import { makeIssue } from "./make-issue.ts";

/** The six sandbox markers of part 4.14 rule 1, worst outcome first (rule 4). */
export const SANDBOX_MARKERS: readonly { marker: string; outcome: SandboxOutcome }[] =
  Object.freeze([
    { marker: "__sandbox_error__", outcome: "error" },
    { marker: "__sandbox_retryable_error__", outcome: "retryable_error" },
    { marker: "__sandbox_fail__", outcome: "fail" },
    { marker: "__sandbox_advisory__", outcome: "advisory" },
    { marker: "__sandbox_pass__", outcome: "pass" },
    { marker: "__sandbox_pending__", outcome: "pending" },
  ]);

/** Worst first, as part 4.14 rule 4 orders them. */
export const OUTCOME_ORDER: readonly SandboxOutcome[] = SANDBOX_MARKERS.map((m) => m.outcome);

/** The exact failure messages of part 3.2. */
export const SANDBOX_ERRORS = Object.freeze({
  error: {
    message: "Sandbox simulated error",
    isRetryable: false,
    errorType: "sandbox_simulated_error",
  },
  retryable_error: {
    message: "Sandbox simulated retryable error",
    isRetryable: true,
    errorType: "sandbox_simulated_retryable_error",
  },
});

/** The sandbox outcome a filename's marker selects (the two error markers do not overlap). */
export function sandboxOutcomeOf(filename: string): SandboxOutcome | undefined {
  return SANDBOX_MARKERS.find((m) => filename.includes(m.marker))?.outcome;
}

/** The 400 detail for a filename without a marker: names the file and lists all six. */
export function missingMarkerDetail(filename: string): string {
  return `Sandbox asset filename "${filename}" contains no sandbox marker; include one of ${SANDBOX_MARKERS.map((m) => m.marker).join(", ")}`;
}

/** The worst outcome among assets (part 4.14 rule 4). */
export function worstOutcome(outcomes: readonly SandboxOutcome[]): SandboxOutcome {
  let worst: SandboxOutcome = "pending";
  for (const o of outcomes) if (OUTCOME_ORDER.indexOf(o) < OUTCOME_ORDER.indexOf(worst)) worst = o;
  return worst;
}

const SANDBOX_ISSUES: Readonly<
  Partial<
    Record<
      SandboxOutcome,
      readonly { severity: string; code: string; summary: string; topic: string | null }[]
    >
  >
> = Object.freeze({
  advisory: [
    {
      severity: "minor",
      code: "SANDBOX_MINOR",
      summary: "Sandbox simulated minor issue",
      topic: null,
    },
    {
      severity: "info",
      code: "SANDBOX_INFO",
      summary: "Sandbox simulated informational note",
      topic: null,
    },
  ],
  fail: [
    {
      severity: "critical",
      code: "SANDBOX_CRITICAL",
      summary: "Sandbox simulated critical issue",
      topic: null,
    },
    {
      severity: "major",
      code: "SANDBOX_MAJOR",
      summary: "Sandbox simulated major issue (1 of 2)",
      topic: "sandbox_cluster",
    },
    {
      severity: "major",
      code: "SANDBOX_MAJOR",
      summary: "Sandbox simulated major issue (2 of 2)",
      topic: "sandbox_cluster",
    },
  ],
});

/**
 * The issues of a sandbox outcome (part 3.2): advisory one minor and one info, fail one critical
 * and two major. In `fail` the two major issues form a topic and the critical one is an orphan.
 */
export function sandboxIssues(
  outcome: SandboxOutcome,
  assetId: string,
  sidekickIds: readonly string[],
  at: string,
): IssueRecord[] {
  return (SANDBOX_ISSUES[outcome] ?? []).map((spec, index) =>
    makeIssue({
      assetId,
      occurrenceKey: `sandbox:${outcome}:${index}`,
      referenceNumber: index + 1,
      ruleCode: spec.code,
      ruleName: spec.summary,
      severity: spec.severity,
      summary: spec.summary,
      details: `Simulated by the ${outcome} sandbox marker; no review ran.`,
      severityReasoningHeadline: "Sandbox",
      severityReasoning: "Sandbox outcomes are fixed by the filename marker.",
      resolution: "Nothing to fix: this is a sandbox simulation.",
      topicKey: spec.topic,
      anchor: { type: "text", page: 1, line: 1, start: 0, end: 0, quote: "" },
      evidence: { simulated: true },
      sidekickIds,
      at,
    }),
  );
}
