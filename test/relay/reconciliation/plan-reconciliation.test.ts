import { describe, expect, it } from "vitest";
import {
  nextCheckAt,
  planReconciliation,
} from "../../../relay/reconciliation/plan-reconciliation.ts";
import type { SubmissionState } from "../../../relay/submission/submission-state.ts";
import type { Submission } from "../../../src/api/index.ts";

const SID = "11111111-1111-4111-8111-111111111111";
const A = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const B = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const HOUR = 3_600_000;

const link = {
  submissionId: SID,
  repository: "octo/media",
  sha: "a".repeat(40),
  pullRequest: 1,
  context: "content-review",
  assetCount: 2,
  failOn: "critical" as const,
};

function state(assets: { id: string; status: string }[] = []): SubmissionState {
  return {
    submissionId: SID,
    link,
    assets: assets.map((a) => ({
      assetId: a.id,
      status: a.status,
      filename: null,
      issueCount: 0,
      counts: null,
      errorMessage: null,
    })),
  };
}

function service(assets: { id: string; status: string }[]): Submission {
  return {
    submissionId: SID,
    status: "processing",
    assets: assets.map((a) => ({
      assetId: a.id,
      status: a.status,
      issueCount: a.status === "complete" ? 2 : null,
      errorMessage: a.status === "failed" ? "Unsupported codec" : null,
    })),
  } as Submission;
}

const at = (s: SubmissionState, submission: Submission | null, now = HOUR) =>
  planReconciliation({ state: s, submission, now, linkedAt: 0, maxMs: 24 * HOUR });

describe("planReconciliation", () => {
  it.each([
    [
      "the service finished both: both events, completed",
      state(),
      service([
        { id: A, status: "complete" },
        { id: B, status: "failed" },
      ]),
      "completed",
      [
        `reconcile:${SID}:${A}:asset.processing.completed`,
        `reconcile:${SID}:${B}:asset.processing.failed`,
      ],
    ],
    [
      "the relay saw one finish: only the other's event",
      state([{ id: A, status: "complete" }]),
      service([
        { id: A, status: "complete" },
        { id: B, status: "complete" },
      ]),
      "completed",
      [`reconcile:${SID}:${B}:asset.processing.completed`],
    ],
    [
      "one still processing: the finished one's event, checked again",
      state(),
      service([
        { id: A, status: "complete" },
        { id: B, status: "processing" },
      ]),
      "still_processing",
      [`reconcile:${SID}:${A}:asset.processing.completed`],
    ],
    ["a 404: a final error", state(), null, "not_found", [`reconcile:${SID}:not-found`]],
    [
      "a verdict the relay already has: nothing",
      state([
        { id: A, status: "complete" },
        { id: B, status: "complete" },
      ]),
      null,
      "already_final",
      [],
    ],
  ])("%s", (_what, s, submission, outcome, ids) => {
    const plan = at(s, submission);
    expect(plan.outcome).toBe(outcome);
    expect(plan.entries.map((e) => e.id)).toEqual(ids);
    for (const e of plan.entries) expect(e.event).toMatchObject({ source: "reconciliation" });
  });

  it("planReconciliation carries what the service says into the events", () => {
    const plan = at(
      state(),
      service([
        { id: A, status: "complete" },
        { id: B, status: "failed" },
      ]),
    );
    expect(plan.entries.map((e) => e.event)).toEqual([
      expect.objectContaining({
        assetId: A,
        status: "complete",
        issueCount: 2,
        errorMessage: null,
      }),
      expect.objectContaining({ assetId: B, status: "failed", errorMessage: "Unsupported codec" }),
    ]);
  });

  it("planReconciliation ends a submission still processing at the limit with an error naming it", () => {
    const s = service([
      { id: A, status: "complete" },
      { id: B, status: "processing" },
    ]);
    const plan = planReconciliation({
      state: state(),
      submission: s,
      now: 3600,
      linkedAt: 0,
      maxMs: 3600,
    });
    expect(plan.outcome).toBe("timed_out");
    expect(plan.entries.at(-1)).toEqual({
      id: `reconcile:${SID}:max-hours`,
      event: expect.objectContaining({
        kind: "submission.unresolved",
        reason: "max-hours",
        message: "Still processing after RECONCILE_MAX_HOURS (0.001 h): no verdict",
      }),
    });
    // One millisecond before the limit: checked again instead.
    const before = planReconciliation({
      state: state(),
      submission: s,
      now: 3599,
      linkedAt: 0,
      maxMs: 3600,
    });
    expect(before.outcome).toBe("still_processing");
  });

  it("planReconciliation gives the same ids every time (replicas and sweeps dedupe on them)", () => {
    const s = service([
      { id: A, status: "complete" },
      { id: B, status: "complete" },
    ]);
    // The ids, not the bodies: an event carries the time of its read.
    const ids = (now: number) => at(state(), s, now).entries.map((e) => e.id);
    expect(ids(5)).toEqual(ids(9_000_000));
    expect(ids(5)).toHaveLength(2);
  });
});

describe("nextCheckAt", () => {
  it.each([
    [0, 600_000],
    [1, 1_200_000],
    [2, 2_400_000],
    [3, 3_600_000],
    [40, 3_600_000],
  ])("nextCheckAt after %i checks waits %i ms (doubling, at most an hour)", (checks, wait) => {
    expect(nextCheckAt(checks, 1000, 0, 600_000, 24 * HOUR)).toBe(1000 + wait);
  });

  it("nextCheckAt never waits past the limit, and waits longer than an hour when afterMs does", () => {
    expect(nextCheckAt(5, 23.5 * HOUR, 0, 600_000, 24 * HOUR)).toBe(24 * HOUR);
    expect(nextCheckAt(0, 0, 0, 2 * HOUR, 240 * HOUR)).toBe(2 * HOUR);
  });
});
