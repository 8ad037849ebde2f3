import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WatchedSubmission } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import { createRelayMetrics } from "../../../relay/metrics.ts";
import { reconcileEntryId } from "../../../relay/reconciliation/plan-reconciliation.ts";
import type { ServiceReader } from "../../../relay/reconciliation/service-reader.ts";
import { startReconciliation } from "../../../relay/reconciliation/start-reconciliation.ts";
import type { RelayEvent } from "../../../relay/relay-event.ts";
import { startOtlpTracing } from "../../../relay/tracing/start-otlp-tracing.ts";

const linked = (submissionId: string) =>
  JSON.stringify({
    submissionId,
    assets: [],
    link: {
      submissionId,
      repository: "o/r",
      sha: "a".repeat(7),
      pullRequest: null,
      context: "c",
      assetCount: 1,
      failOn: "critical",
    },
  });

describe("startReconciliation", () => {
  it("startReconciliation checks each due submission, goes on past one whose journal write fails, and counts each verdict once", async () => {
    const due: WatchedSubmission[] = ["s-broken", "s-gone"].map((submissionId) => ({
      submissionId,
      linkedAt: 0,
      dueAt: 0,
      checks: 0,
    }));
    const ingested = new Map<string, RelayEvent>();
    const warnings: { message: string; submissionId?: string; error?: string }[] = [];
    const metrics = createRelayMetrics();
    const service: ServiceReader = {
      readSubmission: async () => null,
      listSubscriptions: async () => [],
    };
    const reconciliation = startReconciliation({
      journal: {
        dueVerdicts: async () => due,
        takeVerdictCheck: async () => true,
        loadState: async (id) => linked(id),
        unwatchVerdict: async () => undefined,
        ingest: async (id, event) => {
          if (event.submissionId === "s-broken") throw new Error("disk full");
          if (ingested.has(id)) return "duplicate";
          ingested.set(id, event);
          return "accepted";
        },
      },
      service,
      logger: createLogger("warn", (line) => warnings.push(JSON.parse(line))),
      metrics,
      afterMs: 1000,
      maxMs: 3_600_000,
      // The loop's own sweeps never come within this test: it calls sweep() itself.
      sweepMs: 3_600_000,
    });
    try {
      expect(await reconciliation.sweep()).toBe(1);
      // A second sweep finds its entry journaled already: nothing new, nothing counted.
      expect(await reconciliation.sweep()).toBe(1);
    } finally {
      await reconciliation.stop();
    }
    expect([...ingested.keys()]).toEqual([reconcileEntryId("s-gone", "not-found")]);
    const failed = {
      message: "reconciliation of a submission failed; it runs again later",
      submissionId: "s-broken",
      error: "disk full",
    };
    expect(warnings).toEqual([expect.objectContaining(failed), expect.objectContaining(failed)]);
    const text = metrics.render({ queueDepth: 0, deadLettered: 0 });
    expect(text).toContain('relay_reconciled_total{outcome="not_found"} 1');
    expect(text).not.toContain("relay_subscription_ok");
  });

  it("startReconciliation's stop aborts the reads in flight with the relay's shutdown and waits for the sweep", async () => {
    const reasons: unknown[] = [];
    let reading: () => void = () => undefined;
    const read = new Promise<void>((resolve) => {
      reading = resolve;
    });
    const reconciliation = startReconciliation({
      journal: {
        dueVerdicts: async () => [{ submissionId: "s-slow", linkedAt: 0, dueAt: 0, checks: 0 }],
        takeVerdictCheck: async () => true,
        loadState: async (id) => linked(id),
        unwatchVerdict: async () => undefined,
        ingest: async () => "accepted",
      },
      service: {
        readSubmission: (_id, signal) =>
          new Promise((_resolve, reject) => {
            reading();
            signal.addEventListener("abort", () => {
              reasons.push(signal.reason);
              reject(signal.reason);
            });
          }),
        listSubscriptions: async () => [],
      },
      logger: createLogger("error", () => undefined),
      metrics: createRelayMetrics(),
      afterMs: 1000,
      maxMs: 3_600_000,
      sweepMs: 3_600_000,
    });
    let swept = false;
    const sweep = reconciliation.sweep().then(() => {
      swept = true;
    });
    await read;
    await reconciliation.stop();
    expect(swept).toBe(true);
    expect(reasons).toEqual([new Error("The relay is shutting down")]);
    await sweep;
  });
});

/** One sweep of one due submission, traced in memory: its spans, and the trace its entries carry. */
async function tracedSweep(submissionId: string, state: string) {
  const exporter = new InMemorySpanExporter();
  const tracing = startOtlpTracing(
    { sampler: "parentbased_always_on", ratio: 1, batch: {} },
    { processor: new SimpleSpanProcessor({ exporter }) },
  );
  const stored: (string | null | undefined)[] = [];
  const reconciliation = startReconciliation({
    journal: {
      dueVerdicts: async () => [{ submissionId, linkedAt: 0, dueAt: 0, checks: 0 }],
      takeVerdictCheck: async () => true,
      loadState: async () => state,
      unwatchVerdict: async () => undefined,
      ingest: async (_id, _event, traceparent) => {
        stored.push(traceparent);
        return "accepted";
      },
    },
    service: { readSubmission: async () => null, listSubscriptions: async () => [] },
    logger: createLogger("error", () => undefined),
    metrics: createRelayMetrics(),
    afterMs: 1000,
    maxMs: 3_600_000,
    sweepMs: 3_600_000,
    tracing,
  });
  try {
    await reconciliation.sweep();
  } finally {
    await reconciliation.stop();
  }
  return { spans: exporter.getFinishedSpans(), stored };
}

describe("startReconciliation, traced", () => {
  it("startReconciliation runs each check in a relay.reconcile span whose trace the journaled entries carry", async () => {
    const { spans, stored } = await tracedSweep("s-gone", linked("s-gone"));
    const [span, ...others] = spans;
    expect(others).toEqual([]);
    expect(span?.name).toBe("relay.reconcile");
    expect(span?.attributes).toEqual({
      "content_review.submission_id": "s-gone",
      "relay.outcome": "not_found",
    });
    const { traceId, spanId } = span!.spanContext();
    expect(stored).toEqual([`00-${traceId}-${spanId}-01`]);
  });

  it("startReconciliation runs relay.reconcile in the trace the link was registered in, its tracestate kept", async () => {
    const LINK_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    const LINK_SPAN = "00f067aa0ba902b7";
    const state = JSON.stringify({
      ...JSON.parse(linked("s-linked")),
      linkTrace: `00-${LINK_TRACE}-${LINK_SPAN}-01 vendor=v1`,
    });
    const { spans, stored } = await tracedSweep("s-linked", state);
    const [span] = spans;
    expect(span?.name).toBe("relay.reconcile");
    expect(span?.spanContext().traceId).toBe(LINK_TRACE);
    expect(span?.parentSpanContext?.spanId).toBe(LINK_SPAN);
    // Its effects continue the same trace (the entries carry it, tracestate included).
    expect(stored).toEqual([`00-${LINK_TRACE}-${span?.spanContext().spanId}-01 vendor=v1`]);
  });
});

/** The sweep loop on a fake clock: `dueVerdicts` counts the sweeps, failing those `failing` names. */
function countedLoop(sweepMs: number, failing: (sweep: number) => boolean = () => false) {
  const counted = { sweeps: 0 };
  const warnings: { message: string; error?: string }[] = [];
  const reconciliation = startReconciliation({
    journal: {
      dueVerdicts: async () => {
        counted.sweeps++;
        if (failing(counted.sweeps)) throw new Error("database is locked");
        return [];
      },
      takeVerdictCheck: async () => true,
      loadState: async () => null,
      unwatchVerdict: async () => undefined,
      ingest: async () => "accepted",
    },
    service: { readSubmission: async () => null, listSubscriptions: async () => [] },
    logger: createLogger("warn", (line) => warnings.push(JSON.parse(line))),
    metrics: createRelayMetrics(),
    afterMs: 1000,
    maxMs: 3_600_000,
    sweepMs,
  });
  return { reconciliation, counted, warnings };
}

describe("startReconciliation's loop", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("startReconciliation sweeps every sweepMs, logs a failed sweep and goes on, and sweeps no more once stopped", async () => {
    const { reconciliation, counted, warnings } = countedLoop(1000, (sweep) => sweep === 2);
    await vi.advanceTimersByTimeAsync(999);
    expect(counted.sweeps).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(counted.sweeps).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(counted.sweeps).toBe(2);
    expect(warnings).toEqual([
      expect.objectContaining({
        message: "reconciliation sweep failed; it runs again later",
        error: "database is locked",
      }),
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(counted.sweeps).toBe(3);
    await reconciliation.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(counted.sweeps).toBe(3);
    expect(warnings).toHaveLength(1);
  });

  it("startReconciliation stopped after its timer fired, before the sweep began, starts no sweep", async () => {
    const { reconciliation, counted } = countedLoop(1000);
    // Fires the timer without running what awaits it: stop() comes in between.
    vi.advanceTimersByTime(1000);
    await reconciliation.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(counted.sweeps).toBe(0);
  });

  it("startReconciliation's timer does not keep the process alive", async () => {
    // On the fake setTimeout: restored here, before the real timers come back, or restoring it
    // later would put the fake one back in their place.
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    try {
      const { reconciliation, counted } = countedLoop(1000);
      await vi.advanceTimersByTimeAsync(1000);
      expect(counted.sweeps).toBe(1);
      await reconciliation.stop();
      const timers = setTimeoutSpy.mock.results.map((r) => r.value as NodeJS.Timeout);
      expect(timers).toHaveLength(2);
      expect(timers.map((t) => t.hasRef())).toEqual([false, false]);
    } finally {
      setTimeoutSpy.mockRestore();
    }
  });
});
