import { describe, expect, it } from "vitest";
import {
  nextCheckAt,
  planReconciliation,
  planUnreadable,
  reconcileEntryId,
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

const rid = (asset: string, kind: string, ...replaces: string[]) =>
  reconcileEntryId(SID, asset, kind, ...replaces);

type Asset = { id: string; status: string; occurredAt?: string; retryable?: boolean };

function state(assets: Asset[] = []): SubmissionState {
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
      ...(a.occurredAt === undefined ? {} : { occurredAt: a.occurredAt }),
    })),
  };
}

function service(assets: Asset[]): Submission {
  return {
    submissionId: SID,
    status: "processing",
    assets: assets.map((a) => ({
      assetId: a.id,
      status: a.status,
      issueCount: a.status === "complete" ? 2 : null,
      errorMessage: a.status === "failed" ? "Unsupported codec" : null,
      ...(a.retryable === undefined ? {} : { isRetryable: a.retryable }),
    })),
  } as Submission;
}

const at = (s: SubmissionState, submission: Submission | null, now = HOUR) =>
  planReconciliation({ state: s, submission, now, linkedAt: 0, maxMs: 24 * HOUR });

/** The service's read: asset A as given, B complete. */
const readOfA = (a: Omit<Asset, "id">) =>
  service([
    { id: A, ...a },
    { id: B, status: "complete" },
  ]);
/** The service finished both. */
const BOTH_COMPLETE = readOfA({ status: "complete" });
/** The relay holds A's failure and B's success: it set a final error. */
const HELD_ERROR = state([
  { id: A, status: "failed" },
  { id: B, status: "complete" },
]);

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
      [rid(A, "asset.processing.completed"), rid(B, "asset.processing.failed")],
    ],
    [
      "the relay saw one finish: only the other's event",
      state([{ id: A, status: "complete" }]),
      BOTH_COMPLETE,
      "completed",
      [rid(B, "asset.processing.completed")],
    ],
    [
      "one still processing: the finished one's event, checked again",
      state(),
      service([
        { id: A, status: "complete" },
        { id: B, status: "processing" },
      ]),
      "still_processing",
      [rid(A, "asset.processing.completed")],
    ],
    ["a 404: a final error", state(), null, "not_found", [reconcileEntryId(SID, "not-found")]],
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
    const atLimit = (now: number) =>
      planReconciliation({ state: state(), submission: s, now, linkedAt: 0, maxMs: 3600 });
    const plan = atLimit(3600);
    expect(plan.outcome).toBe("timed_out");
    expect(plan.entries.at(-1)).toEqual({
      id: reconcileEntryId(SID, "max-hours"),
      event: expect.objectContaining({
        kind: "submission.unresolved",
        reason: "max-hours",
        message: "Still processing after RECONCILE_MAX_HOURS (0.001 h): no verdict",
      }),
    });
    // One millisecond before the limit: checked again instead.
    expect(atLimit(3599).outcome).toBe("still_processing");
  });

  it("planReconciliation's 404 error says the service does not know the submission", () => {
    expect(at(state(), null).entries).toEqual([
      {
        id: reconcileEntryId(SID, "not-found"),
        event: expect.objectContaining({
          kind: "submission.unresolved",
          reason: "not-found",
          message: "The service does not know this submission (404): no verdict will come",
        }),
      },
    ]);
  });

  it("planReconciliation gives the same ids every time (replicas and sweeps dedupe on them)", () => {
    // The ids, not the bodies: an event carries the time of its read.
    const ids = (now: number) => at(state(), BOTH_COMPLETE, now).entries.map((e) => e.id);
    expect(ids(5)).toEqual(ids(9_000_000));
    expect(ids(5)).toHaveLength(2);
  });
});

const T0 = "2026-01-01T00:00:00.000Z";

describe("planReconciliation: the service's current read is the truth", () => {
  it.each([
    [
      "a failure reported, then retried and complete: the success, and the other's",
      state([{ id: A, status: "failed", occurredAt: T0 }]),
      BOTH_COMPLETE,
      HOUR,
      "completed",
      [rid(A, "asset.processing.completed", "failed", T0), rid(B, "asset.processing.completed")],
    ],
    [
      "a final error, then the retry completes: the success",
      state([
        { id: A, status: "failed", occurredAt: T0 },
        { id: B, status: "complete" },
      ]),
      BOTH_COMPLETE,
      HOUR,
      "completed",
      [rid(A, "asset.processing.completed", "failed", T0)],
    ],
    [
      "a final error whose asset can be retried: watched on, nothing journaled",
      HELD_ERROR,
      readOfA({ status: "failed", retryable: true }),
      HOUR,
      "still_processing",
      [],
    ],
    [
      "a final error whose retry is running: watched on",
      HELD_ERROR,
      readOfA({ status: "processing" }),
      HOUR,
      "still_processing",
      [],
    ],
    [
      "a final error whose asset can be retried, past the limit: no longer watched",
      HELD_ERROR,
      readOfA({ status: "failed", retryable: true }),
      24 * HOUR,
      "already_final",
      [],
    ],
    [
      "a final error no retry can change: no longer watched",
      HELD_ERROR,
      readOfA({ status: "failed", retryable: false }),
      HOUR,
      "already_final",
      [],
    ],
    [
      "a final error the service no longer knows: it stands",
      HELD_ERROR,
      null,
      HOUR,
      "already_final",
      [],
    ],
    [
      // Only an asset whose failure the relay holds counts as retried when it runs again.
      "a final error, and an asset whose success the relay holds running again: no longer watched",
      HELD_ERROR,
      service([
        { id: A, status: "failed", retryable: false },
        { id: B, status: "processing" },
      ]),
      HOUR,
      "already_final",
      [],
    ],
    [
      "a failure held without its time, then retried and complete: the id names an empty time",
      state([{ id: A, status: "failed" }]),
      BOTH_COMPLETE,
      HOUR,
      "completed",
      [rid(A, "asset.processing.completed", "failed", ""), rid(B, "asset.processing.completed")],
    ],
    [
      "a success the relay holds, and a read that differs: it stands",
      state([
        { id: A, status: "complete" },
        { id: B, status: "complete" },
      ]),
      readOfA({ status: "failed", retryable: true }),
      HOUR,
      "already_final",
      [],
    ],
    [
      "a 404 error set earlier, and a read with both finished: it stands",
      { ...state(), unresolved: { reason: "not-found", message: "gone" } },
      BOTH_COMPLETE,
      HOUR,
      "already_final",
      [],
    ],
    [
      "a timed-out error set earlier, and a read with both finished: it stands",
      { ...state(), unresolved: { reason: "max-hours", message: "late" } },
      BOTH_COMPLETE,
      25 * HOUR,
      "already_final",
      [],
    ],
  ])("%s", (_what, s, submission, now, outcome, ids) => {
    const plan = at(s, submission, now);
    expect(plan.outcome).toBe(outcome);
    expect(plan.entries.map((e) => e.id)).toEqual(ids);
  });

  it("planUnreadable: a final error stands when the service cannot be read, watched until the limit", () => {
    const when = { state: HELD_ERROR, linkedAt: 0, maxMs: 24 * HOUR };
    expect(planUnreadable({ ...when, now: HOUR })).toEqual({
      outcome: "still_processing",
      entries: [],
    });
    expect(planUnreadable({ ...when, now: 24 * HOUR })).toEqual({
      outcome: "already_final",
      entries: [],
    });
    expect(planUnreadable({ ...when, state: state(), now: 24 * HOUR }).outcome).toBe("timed_out");
  });

  it.each([
    [
      "a success",
      state([
        { id: A, status: "complete" },
        { id: B, status: "complete" },
      ]),
    ],
    ["a 404 error", { ...state(), unresolved: { reason: "not-found", message: "gone" } }],
  ])(
    "planUnreadable: %s the relay holds is no longer watched, before the limit too",
    (_what, s) => {
      expect(planUnreadable({ state: s, linkedAt: 0, maxMs: 24 * HOUR, now: HOUR })).toEqual({
        outcome: "already_final",
        entries: [],
      });
    },
  );

  it("planUnreadable ends a pending submission at the limit with an error saying the service could not be read", () => {
    const plan = planUnreadable({ state: state(), linkedAt: 0, maxMs: 3600, now: 3600 });
    expect(plan).toEqual({
      outcome: "timed_out",
      entries: [
        {
          id: reconcileEntryId(SID, "max-hours"),
          event: expect.objectContaining({
            kind: "submission.unresolved",
            reason: "max-hours",
            message:
              "No verdict after RECONCILE_MAX_HOURS (0.001 h), and the service could not be read",
          }),
        },
      ],
    });
  });
});

describe("reconcileEntryId", () => {
  it.each([
    [
      ["p:q", "x", "k"],
      ["p", "q:x", "k"],
    ],
    [
      ["w\uD800", "x"],
      ["w\uDC00", "x"],
    ],
    [
      [" x", "a"],
      ["x", "a"],
    ],
    [
      ["x", "a", "b"],
      ["x", "a:b"],
    ],
  ])("reconcileEntryId keeps %j and %j apart", (one, two) => {
    const [s1, ...w1] = one as [string, ...string[]];
    const [s2, ...w2] = two as [string, ...string[]];
    expect(reconcileEntryId(s1, ...w1)).not.toBe(reconcileEntryId(s2, ...w2));
  });

  it("reconcileEntryId holds neither U+0000 nor a lone surrogate (Postgres text, JSONB job data)", () => {
    const id = reconcileEntryId("w\u0000\uD800", "a\uDC00");
    expect(id.includes("\u0000")).toBe(false);
    expect(id.isWellFormed()).toBe(true);
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

  it.each([
    ["at", 24 * HOUR],
    ["past", 25 * HOUR],
  ])("nextCheckAt %s the limit waits its backoff (never due again at once)", (_what, now) => {
    expect(nextCheckAt(0, now, 0, 600_000, 24 * HOUR)).toBe(now + 600_000);
  });
});
