import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../../relay/index.ts";
import { startOtlpTracing } from "../../../relay/tracing/start-otlp-tracing.ts";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";
import { relayTestEnv } from "../helpers/relay-test-env.ts";
import {
  eventBody,
  sendSigned,
  TEST_RELAY_TOKEN,
  TEST_SECRET,
  waitUntil,
} from "../helpers/signed-sender.ts";

const SLACK_TOKEN = "xoxb-traced-token";
const GITHUB_TOKEN = "ghs_tracedtoken";
const SHA = "89abcdef0123456789abcdef0123456789abcdef";
const ACTION_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const ACTION_SPAN = "00f067aa0ba902b7";

let dir: string;
let slack: FakeSlack;
let github: GithubStandIn;
let relay: RelayHandle;
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "relay-traced-"));
  slack = await startFakeSlack({ token: SLACK_TOKEN });
  github = await startGithubStandIn({ token: GITHUB_TOKEN });
  const config = resolveRelayConfig(
    relayTestEnv({
      STORE_URL: `sqlite:${join(dir, "relay.db")}`,
      SLACK_TOKEN,
      SLACK_CHANNEL: "C0TRACE",
      SLACK_API_URL: slack.apiUrl,
      SLACK_MIN_INTERVAL_MS: "0",
      GITHUB_TOKEN,
      GITHUB_API_URL: github.apiUrl,
    }),
  );
  relay = await startRelay(config, {
    logger: createLogger("error", () => undefined),
    tracing: startOtlpTracing(
      { sampler: "parentbased_always_on", ratio: 1, batch: {} },
      { processor: new SimpleSpanProcessor({ exporter }) },
    ),
  });
});

afterAll(async () => {
  await relay?.close();
  await slack?.close();
  await github?.close();
});

const attr = (span: ReadableSpan, name: string) => span.attributes[name];
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe("relay tracing (in-memory exporter)", () => {
  it("processes a linked submission's event in the Action's trace, from the link's intake to the Slack post and the status", async () => {
    const submissionId = "sub-traced";
    const link = await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_RELAY_TOKEN}`,
        "content-type": "application/json",
        traceparent: `00-${ACTION_TRACE}-${ACTION_SPAN}-01`,
      },
      body: JSON.stringify({ submissionId, repository: "acme/site", sha: SHA, assetCount: 1 }),
    });
    expect(link.status).toBe(202);
    const delivery = await sendSigned(relay.url, {
      id: "msg_traced",
      body: eventBody({ submissionId, assetId: "asset-traced", issueCount: 0 }),
    });
    expect(delivery.status).toBe(200);
    await waitUntil("the final status", () =>
      github.statuses.some((s) => s.sha === SHA && s.state === "success"),
    );
    await waitUntil("the event's processing ended", () =>
      exporter
        .getFinishedSpans()
        .some((s) => s.name === "relay.process" && attr(s, "relay.entry_id") === "msg_traced"),
    );
    const spans = exporter.getFinishedSpans();
    const intakes = spans.filter((s) => s.name === "relay.intake");
    const linkIntake = intakes.find((s) => attr(s, "http.route") === "/links")!;
    const eventIntake = intakes.find((s) => attr(s, "relay.entry_id") === "msg_traced")!;

    // The link continues the Action's trace.
    expect(traceOf(linkIntake)).toBe(ACTION_TRACE);
    expect(parentOf(linkIntake)).toBe(ACTION_SPAN);
    expect(attr(linkIntake, "content_review.repository")).toBe("acme/site");
    expect(attr(linkIntake, "http.response.status_code")).toBe(202);

    // The webhook's intake is a trace of its own: its processing went to the link's trace.
    expect(attr(eventIntake, "http.response.status_code")).toBe(200);
    expect(attr(eventIntake, "relay.intake.status")).toBe("accepted");
    expect(attr(eventIntake, "content_review.event_type")).toBe("asset.processing.completed");
    expect(spans.filter((s) => traceOf(s) === traceOf(eventIntake))).toEqual([eventIntake]);

    // The event's attempt: in the Action's trace, a child of the link's intake, with a span
    // link to the webhook's intake (the causal edge the journal's gap cut).
    const process = spans.filter(
      (s) => s.name === "relay.process" && attr(s, "relay.entry_id") === "msg_traced",
    );
    expect(process).toHaveLength(1);
    expect(traceOf(process[0]!)).toBe(ACTION_TRACE);
    expect(parentOf(process[0]!)).toBe(linkIntake.spanContext().spanId);
    expect(process[0]!.links.map((l) => l.context)).toEqual([
      expect.objectContaining({
        traceId: traceOf(eventIntake),
        spanId: eventIntake.spanContext().spanId,
      }),
    ]);
    expect(attr(process[0]!, "relay.outcome")).toBe("done");

    // Its effects, the Slack post among them, are in the Action's trace under that attempt.
    const effects = spans.filter((s) => parentOf(s) === process[0]!.spanContext().spanId);
    expect(effects.map((s) => [attr(s, "relay.effect"), attr(s, "relay.outcome")]).sort()).toEqual([
      ["github-status", "performed"],
      ["slack-parent", "performed"],
    ]);
    for (const effect of effects) {
      expect(effect.name).toBe("relay.effect");
      expect(traceOf(effect)).toBe(ACTION_TRACE);
      expect(attr(effect, "relay.attempt")).toBe(1);
      expect(attr(effect, "content_review.submission_id")).toBe(submissionId);
      expect(attr(effect, "content_review.repository")).toBe("acme/site");
    }
    // The status is not repeated in a span of its own.
    expect(spans.filter((s) => s.name === "relay.status")).toEqual([]);

    // No secret or body in any attribute.
    const everything = JSON.stringify(spans.map((s) => s.attributes));
    for (const secret of [SLACK_TOKEN, GITHUB_TOKEN, TEST_SECRET, TEST_RELAY_TOKEN, "blocks"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("carries the caller's tracestate across the journal, and shows its Idempotency-Key only as a hash", async () => {
    const key = "action-run-42-attempt-1-secretish";
    const sha = "0123456789abcdef0123456789abcdef01234567";
    const res = await fetch(`${relay.url}/links`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_RELAY_TOKEN}`,
        "content-type": "application/json",
        "idempotency-key": key,
        traceparent: `00-${ACTION_TRACE}-${ACTION_SPAN}-01`,
        tracestate: "vendor=opaque-value,other=1",
      },
      body: JSON.stringify({ submissionId: "sub-tracestate", repository: "acme/site", sha }),
    });
    expect(res.status).toBe(202);
    await waitUntil("the link relayed", () =>
      exporter
        .getFinishedSpans()
        .some(
          (s) =>
            s.name === "relay.process" &&
            attr(s, "content_review.submission_id") === "sub-tracestate",
        ),
    );
    const spans = exporter.getFinishedSpans().filter((s) => traceOf(s) === ACTION_TRACE);
    const ours = spans.filter((s) => JSON.stringify(s.attributes).includes("sub-tracestate"));
    expect(ours.map((s) => s.name).sort()).toEqual(
      expect.arrayContaining(["relay.intake", "relay.process"]),
    );
    for (const span of ours) {
      expect(span.spanContext().traceState?.serialize()).toBe("vendor=opaque-value,other=1");
      expect(attr(span, "relay.entry_id")).toMatch(/^link:key-sha256:[0-9a-f]{32}$/);
    }
    const entry = (await relay.journal.listEntries(50)).find(
      (e) => e.event.submissionId === "sub-tracestate",
    );
    expect(entry?.traceparent).toMatch(/ vendor=opaque-value,other=1$/);
    expect(JSON.stringify(exporter.getFinishedSpans().map((s) => s.attributes))).not.toContain(key);
  });

  it("stores the trace context with the journal entry", async () => {
    const entries = await relay.journal.listEntries(10);
    const entry = entries.find((e) => e.id === "msg_traced")!;
    const intake = exporter
      .getFinishedSpans()
      .find((s) => s.name === "relay.intake" && attr(s, "relay.entry_id") === "msg_traced")!;
    expect(entry.traceparent).toBe(
      `00-${intake.spanContext().traceId}-${intake.spanContext().spanId}-01`,
    );
  });

  it("a relay without OTEL_EXPORTER_OTLP_ENDPOINT keeps no trace: the no-op tracer, no trace context stored", async () => {
    const config = resolveRelayConfig(
      relayTestEnv({
        STORE_URL: "sqlite::memory:",
      }),
    );
    expect(config.tracing).toBeNull();
    const untraced = await startRelay(config, { logger: createLogger("error", () => undefined) });
    try {
      const link = await fetch(`${untraced.url}/links`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_RELAY_TOKEN}`,
          "content-type": "application/json",
          traceparent: `00-${ACTION_TRACE}-${ACTION_SPAN}-01`,
        },
        body: JSON.stringify({ submissionId: "sub-off", repository: "acme/site", sha: SHA }),
      });
      expect(link.status).toBe(202);
      await sendSigned(untraced.url, {
        id: "msg_off",
        body: eventBody({ submissionId: "sub-off", assetId: "asset-off", issueCount: 0 }),
      });
      const entries = await untraced.journal.listEntries(10);
      expect(entries.map((e) => e.traceparent)).toEqual([null, null]);
    } finally {
      await untraced.close();
    }
  });
});
