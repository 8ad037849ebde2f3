/**
 * The trace an entry's processing joins (traceEntry): a linked submission's events are processed
 * in the link's trace (the Action's run), with a span link to the event's own intake; anything
 * else continues the trace stored with the entry.
 */
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace";
import { beforeEach, describe, expect, it } from "vitest";
import type { AttemptInfo, JournalEntry } from "../../../relay/journal/index.ts";
import type { RelayEvent } from "../../../relay/relay-event.ts";
import { traceEffect, traceEntry } from "../../../relay/tracing/index.ts";
import { startOtlpTracing } from "../../../relay/tracing/start-otlp-tracing.ts";
import { journalEntry } from "../helpers/submission-builders.ts";

const exporter = new InMemorySpanExporter();
const tracing = startOtlpTracing(
  { sampler: "parentbased_always_on", ratio: 1, batch: {} },
  { processor: new SimpleSpanProcessor({ exporter }) },
);

const LINK_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const LINK_SPAN = "00f067aa0ba902b7";
const LINK = `00-${LINK_TRACE}-${LINK_SPAN}-01`;
const INTAKE_TRACE = "ab".repeat(16);
const INTAKE_SPAN = "cd".repeat(8);
const INTAKE = `00-${INTAKE_TRACE}-${INTAKE_SPAN}-01`;

const ASSET_EVENT: RelayEvent = {
  kind: "asset.processing.completed",
  submissionId: "sub-1",
  assetId: "asset-1",
  workspaceId: null,
  status: "completed",
  errorMessage: null,
  issueCount: 0,
  occurredAt: null,
};
const LINK_EVENT: RelayEvent = {
  kind: "link.registered",
  submissionId: "sub-1",
  link: {
    submissionId: "sub-1",
    repository: "acme/site",
    sha: "1".repeat(40),
    pullRequest: null,
    context: "content-review",
    assetCount: 1,
    failOn: "critical",
  },
};

const attempt: AttemptInfo = {
  attempt: 1,
  isLast: false,
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
};

/** Processes `entry` with `state` stored for its submission; one Slack post as its effect. */
async function processed(
  entry: JournalEntry,
  state: { linkTrace?: string },
): Promise<{ process: ReadableSpan; effect: ReadableSpan }> {
  await traceEntry(
    tracing,
    entry,
    attempt,
    async () => state,
    async (_state, start) => {
      await traceEffect(
        start("acme/site"),
        "slack-parent",
        async () => "ts",
        () => "performed",
      );
    },
  );
  const spans = exporter.getFinishedSpans();
  return {
    process: spans.find((s) => s.name === "relay.process")!,
    effect: spans.find((s) => s.name === "relay.effect")!,
  };
}

const linksOf = (span: ReadableSpan) =>
  span.links.map((l) => `${l.context.traceId}-${l.context.spanId}`);

beforeEach(() => {
  exporter.reset();
});

describe("traceEntry: the trace an entry's processing joins", () => {
  it("a linked submission's event is processed in the link's trace, a child of the link's span, with a span link to its intake", async () => {
    const { process, effect } = await processed(journalEntry(ASSET_EVENT, INTAKE), {
      linkTrace: LINK,
    });
    expect(process.spanContext().traceId).toBe(LINK_TRACE);
    expect(process.parentSpanContext?.spanId).toBe(LINK_SPAN);
    expect(linksOf(process)).toEqual([`${INTAKE_TRACE}-${INTAKE_SPAN}`]);
    // Its effects (the Slack post here) are in the link's trace too, under the attempt.
    expect(effect.spanContext().traceId).toBe(LINK_TRACE);
    expect(effect.parentSpanContext?.spanId).toBe(process.spanContext().spanId);
    expect(exporter.getFinishedSpans().map((s) => s.name)).not.toContain("relay.status");
  });

  it("the link's tracestate goes with it", async () => {
    const { process } = await processed(journalEntry(ASSET_EVENT, INTAKE), {
      linkTrace: `${LINK} vendor=v1`,
    });
    expect(process.spanContext().traceId).toBe(LINK_TRACE);
    expect(process.spanContext().traceState?.serialize()).toBe("vendor=v1");
  });

  it("without a link trace the event continues its own intake's trace, with no span link", async () => {
    const { process, effect } = await processed(journalEntry(ASSET_EVENT, INTAKE), {});
    expect(process.spanContext().traceId).toBe(INTAKE_TRACE);
    expect(process.parentSpanContext?.spanId).toBe(INTAKE_SPAN);
    expect(process.links).toEqual([]);
    expect(effect.spanContext().traceId).toBe(INTAKE_TRACE);
  });

  it("a link entry continues its own trace, not an earlier link's", async () => {
    const { process } = await processed(journalEntry(LINK_EVENT, INTAKE), { linkTrace: LINK });
    expect(process.spanContext().traceId).toBe(INTAKE_TRACE);
    expect(process.parentSpanContext?.spanId).toBe(INTAKE_SPAN);
    expect(process.links).toEqual([]);
  });

  it("an entry already in the link's trace (reconciliation's) continues its own span there, with no span link", async () => {
    const reconcileSpan = "ef".repeat(8);
    const { process } = await processed(
      journalEntry(ASSET_EVENT, `00-${LINK_TRACE}-${reconcileSpan}-01`),
      { linkTrace: LINK },
    );
    expect(process.spanContext().traceId).toBe(LINK_TRACE);
    expect(process.parentSpanContext?.spanId).toBe(reconcileSpan);
    expect(process.links).toEqual([]);
  });

  it("an entry journaled with tracing off joins the link's trace, with no span link", async () => {
    const { process } = await processed(journalEntry(ASSET_EVENT, null), { linkTrace: LINK });
    expect(process.spanContext().traceId).toBe(LINK_TRACE);
    expect(process.links).toEqual([]);
  });

  it("an attempt whose state cannot be read still has its relay.process span, in the entry's trace, marked retry", async () => {
    const failing = traceEntry(
      tracing,
      journalEntry(ASSET_EVENT, INTAKE),
      attempt,
      async () => {
        throw new Error("journal down");
      },
      async () => undefined,
    );
    await expect(failing).rejects.toThrow("journal down");
    const [process] = exporter.getFinishedSpans();
    expect(process?.name).toBe("relay.process");
    expect(process?.spanContext().traceId).toBe(INTAKE_TRACE);
    expect(process?.attributes["relay.outcome"]).toBe("retry");
  });
});
