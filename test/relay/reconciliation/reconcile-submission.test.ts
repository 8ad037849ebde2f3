import { describe, expect, it } from "vitest";
import type { WatchedSubmission } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import { createRelayMetrics } from "../../../relay/metrics.ts";
import {
  type ReconcileDeps,
  reconcileSubmission,
} from "../../../relay/reconciliation/reconcile-submission.ts";
import type { ServiceReader } from "../../../relay/reconciliation/service-reader.ts";
import { startReconciliation } from "../../../relay/reconciliation/start-reconciliation.ts";
import type { Submission } from "../../../src/api/index.ts";
import { link } from "../helpers/submission-builders.ts";

const HOUR = 3_600_000;
const linkOf = (submissionId: string) => link({ submissionId, assetCount: 1 });
const pending = (id: string) => JSON.stringify({ submissionId: id, assets: [], link: linkOf(id) });
const passed = (id: string) =>
  JSON.stringify({
    submissionId: id,
    link: linkOf(id),
    assets: [
      {
        assetId: "a",
        status: "complete",
        filename: null,
        issueCount: 0,
        counts: null,
        errorMessage: null,
      },
    ],
  });

/** Deps whose journal records what reconciliation did to it. */
function deps(state: string, service: ServiceReader, now = 2 * HOUR) {
  const calls: string[] = [];
  const d: ReconcileDeps = {
    journal: {
      takeVerdictCheck: async () => true,
      loadState: async () => state,
      unwatchVerdict: async (id) => void calls.push(`unwatch ${id}`),
      ingest: async (id) => {
        calls.push(`ingest ${id}`);
        return "accepted";
      },
    },
    service,
    logger: createLogger("silent"),
    metrics: createRelayMetrics(),
    afterMs: 1000,
    maxMs: HOUR,
    now: () => now,
  };
  return { d, calls };
}

const watched = (submissionId: string): WatchedSubmission => ({
  submissionId,
  linkedAt: 0,
  dueAt: 0,
  checks: 0,
});

describe("reconcileSubmission", () => {
  it("reconcileSubmission: a read aborted at stop is no read failure: no final error, even past the limit", async () => {
    const controller = new AbortController();
    const service: ServiceReader = {
      readSubmission: async () => {
        controller.abort(new Error("The relay is shutting down"));
        throw new Error("aborted");
      },
      listSubscriptions: async () => [],
    };
    const { d, calls } = deps(pending("s-stop"), service);
    expect(await reconcileSubmission(watched("s-stop"), d, controller.signal)).toBe("read_failed");
    expect(calls).toEqual([]);
  });

  it("reconcileSubmission: an unreadable service past the limit ends in a final error", async () => {
    const service: ServiceReader = {
      readSubmission: async () => {
        throw new Error("503");
      },
      listSubscriptions: async () => [],
    };
    const { d, calls } = deps(pending("s-down"), service);
    expect(await reconcileSubmission(watched("s-down"), d, new AbortController().signal)).toBe(
      "timed_out",
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^ingest reconcile:/);
  });

  it("reconcileSubmission stops watching a submission whose verdict is settled", async () => {
    const service: ServiceReader = {
      readSubmission: async () => null,
      listSubscriptions: async () => [],
    };
    const { d, calls } = deps(passed("s-done"), service);
    expect(await reconcileSubmission(watched("s-done"), d, new AbortController().signal)).toBe(
      "already_final",
    );
    expect(calls).toEqual(["unwatch s-done"]);
  });
});

type Logged = { level: string; message: string; fields?: Record<string, unknown> };

/** Deps that record the log lines and the counted outcomes, the journal answering `ingested`. */
function recorded(service: ServiceReader, ingested: "accepted" | "duplicate", now = HOUR / 2) {
  const logs: Logged[] = [];
  const counted: string[] = [];
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void logs.push({ level, message, fields });
  const { d, calls } = deps(pending("s-rec"), service, now);
  const r: ReconcileDeps = {
    ...d,
    journal: { ...d.journal, ingest: async () => ingested },
    logger: { debug: line("debug"), info: line("info"), warn: line("warn"), error: line("error") },
    metrics: { reconciled: (outcome) => void counted.push(outcome) },
  };
  return { d: r, logs, counted, calls };
}

/** A service whose read shows the submission's one asset as `status`. */
const reading = (status: string): ServiceReader => ({
  readSubmission: async (submissionId) =>
    ({
      submissionId,
      status: "processing",
      assets: [{ assetId: "a", status, issueCount: status === "complete" ? 0 : null }],
    }) as unknown as Submission,
  listSubscriptions: async () => [],
});

describe("reconcileSubmission: what it counts and logs", () => {
  const signal = new AbortController().signal;

  it("reconcileSubmission counts and logs a verdict whose events the journal accepted", async () => {
    const { d, logs, counted } = recorded(reading("complete"), "accepted");
    expect(await reconcileSubmission(watched("s-rec"), d, signal)).toBe("completed");
    expect(counted).toEqual(["completed"]);
    expect(logs).toEqual([
      {
        level: "info",
        message: "verdict reconciled from the service (its webhooks never came)",
        fields: {
          submissionId: "s-rec",
          outcome: "completed",
          events: ["asset.processing.completed"],
        },
      },
    ]);
  });

  it("reconcileSubmission counts and logs nothing when the journal had every event already", async () => {
    const { d, logs, counted } = recorded(reading("complete"), "duplicate");
    expect(await reconcileSubmission(watched("s-rec"), d, signal)).toBe("completed");
    expect(counted).toEqual([]);
    expect(logs).toEqual([]);
  });

  it("reconcileSubmission logs when a submission still processing is checked again", async () => {
    const { d, logs, counted, calls } = recorded(reading("processing"), "accepted");
    expect(await reconcileSubmission(watched("s-rec"), d, signal)).toBe("still_processing");
    expect(counted).toEqual([]);
    expect(calls).toEqual([]);
    expect(logs).toEqual([
      {
        level: "debug",
        message: "reconciliation: still processing; checked again later",
        fields: { submissionId: "s-rec", nextCheckAt: new Date(HOUR / 2 + 1000).toISOString() },
      },
    ]);
  });

  it("reconcileSubmission: an unreadable service before the limit is a read failure, logged with the next check", async () => {
    const service: ServiceReader = {
      readSubmission: async () => {
        throw new Error("503 Service Unavailable");
      },
      listSubscriptions: async () => [],
    };
    const { d, logs, counted, calls } = recorded(service, "accepted");
    expect(await reconcileSubmission(watched("s-rec"), d, signal)).toBe("read_failed");
    expect(counted).toEqual([]);
    expect(calls).toEqual([]);
    expect(logs).toEqual([
      {
        level: "warn",
        message: "reconciliation could not read the submission; it tries again later",
        fields: {
          submissionId: "s-rec",
          nextCheckAt: new Date(HOUR / 2 + 1000).toISOString(),
          error: "503 Service Unavailable",
        },
      },
    ]);
  });
});

describe("startReconciliation, stopping", () => {
  it("startReconciliation checks no further submission once stopped mid-sweep", async () => {
    const taken: string[] = [];
    let stop: () => Promise<void> = async () => undefined;
    const reconciliation = startReconciliation({
      journal: {
        dueVerdicts: async () => [watched("s-1"), watched("s-2")],
        takeVerdictCheck: async (w) => {
          taken.push(w.submissionId);
          return true;
        },
        loadState: async (id) => pending(id),
        unwatchVerdict: async () => undefined,
        ingest: async () => "accepted",
      },
      service: {
        readSubmission: async () => {
          void stop();
          throw new Error("aborted");
        },
        listSubscriptions: async () => [],
      },
      logger: createLogger("silent"),
      metrics: createRelayMetrics(),
      afterMs: 1000,
      maxMs: HOUR,
      sweepMs: HOUR,
    });
    stop = () => reconciliation.stop();
    await reconciliation.sweep();
    await reconciliation.stop();
    expect(taken).toEqual(["s-1"]);
  });
});
