import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import { registerWithRelay } from "../../../src/action/relay-handoff/register-with-relay.ts";
import {
  startTraceparent,
  traceIdOf,
} from "../../../src/action/relay-handoff/start-traceparent.ts";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";
import {
  type OtlpReceiver,
  type ReceivedSpan,
  startOtlpReceiver,
} from "../helpers/otlp-receiver.ts";
import { type RelayProcess, spawnRelay } from "../helpers/relay-process.ts";
import { relayTestEnv } from "../helpers/relay-test-env.ts";
import {
  eventBody,
  sendSigned,
  TEST_RELAY_TOKEN,
  TEST_SECRET,
  waitUntil,
} from "../helpers/signed-sender.ts";

const SLACK_TOKEN = "xoxb-otlp-token";
const GITHUB_TOKEN = "ghs_otlptoken";
const API_KEY = `sk_test_${"5e".repeat(32)}`;
const COLLECTOR_KEY = "collector-api-key-0123";
const SHA = "fedcba9876543210fedcba9876543210fedcba98";

let dir: string;
let receiver: OtlpReceiver;
let slack: FakeSlack;
let github: GithubStandIn;
/** A service that accepts requests and never answers: an attempt stays in flight. */
let hanging: Server;
let hangingRequests = 0;
const running: RelayProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "relay-otlp-"));
  receiver = await startOtlpReceiver();
  slack = await startFakeSlack({ token: SLACK_TOKEN });
  github = await startGithubStandIn({ token: GITHUB_TOKEN });
  hanging = createServer(() => {
    hangingRequests++;
  });
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  for (const relay of running) if (relay.child.exitCode === null) relay.child.kill("SIGKILL");
  hanging?.closeAllConnections();
  hanging?.close();
  await receiver?.close();
  await slack?.close();
  await github?.close();
});

function relayEnv(store: string, extra: Record<string, string> = {}): Record<string, string> {
  return relayTestEnv({
    STORE_URL: `sqlite:${join(dir, store)}`,
    SLACK_TOKEN,
    SLACK_CHANNEL: "C0OTLP",
    SLACK_API_URL: slack.apiUrl,
    SLACK_MIN_INTERVAL_MS: "0",
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_HEADERS: `x-collector-key=${COLLECTOR_KEY}`,
    OTEL_SERVICE_NAME: "relay-under-test",
    // Export within milliseconds, so that spans leave before a SIGKILL.
    OTEL_BSP_SCHEDULE_DELAY: "20",
    ...extra,
  });
}

async function start(env: Record<string, string>): Promise<RelayProcess> {
  const relay = await spawnRelay(env);
  running.push(relay);
  return relay;
}

const byName = (trace: readonly ReceivedSpan[], name: string) =>
  trace.filter((s) => s.name === name);
const spansOfTrace = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
const intakeOf = (entryId: string) =>
  receiver.spans.find(
    (s) => s.name === "relay.intake" && s.attributes["relay.entry_id"] === entryId,
  );

describe("relay tracing over OTLP/HTTP", () => {
  it("exports the Action's trace from its POST /links to the relay's Slack post and status, linked to the webhook's intake", {
    timeout: 90_000,
  }, async () => {
    const relay = await start(
      relayEnv("linked.db", { GITHUB_TOKEN, GITHUB_API_URL: github.apiUrl }),
    );
    const submissionId = "sub-otlp-linked";
    const traceparent = startTraceparent();
    await registerWithRelay({
      relayUrl: relay.url,
      relayToken: TEST_RELAY_TOKEN,
      traceparent,
      link: { submissionId, repository: "acme/web", sha: SHA, context: "Content Review" },
    });
    const answer = await sendSigned(relay.url, {
      id: "msg_otlp_linked",
      body: eventBody({ submissionId, assetId: "asset-otlp", issueCount: 0 }),
    });
    expect(answer.status).toBe(200);
    const actionTrace = traceIdOf(traceparent);
    const eventProcess = () =>
      byName(spansOfTrace(actionTrace), "relay.process").find(
        (s) => s.attributes["relay.entry_id"] === "msg_otlp_linked",
      );
    const effectsOf = (process: ReceivedSpan | undefined) =>
      spansOfTrace(actionTrace).filter((s) => s.parentSpanId === process?.spanId);
    await waitUntil(
      "the event's processing in the Action's trace",
      () => intakeOf("msg_otlp_linked") !== undefined && effectsOf(eventProcess()).length >= 2,
      15_000,
    );

    // The Action's trace: its POST /links (the relay's intake, a child of the Action's span),
    // the link's relaying, and the event's attempt with the Slack post and the final status.
    const action = spansOfTrace(actionTrace);
    const linkIntake = byName(action, "relay.intake")[0]!;
    expect(linkIntake.parentSpanId).toBe(traceparent.split("-")[2]);
    expect(linkIntake.attributes["http.route"]).toBe("/links");
    expect(linkIntake.attributes["content_review.repository"]).toBe("acme/web");
    const process = eventProcess()!;
    expect(process.parentSpanId).toBe(linkIntake.spanId);
    expect(
      effectsOf(process)
        .map(
          (s) =>
            `${s.name} ${s.attributes["relay.effect"]} ${s.attributes["relay.outcome"]} #${s.attributes["relay.attempt"]}`,
        )
        .sort(),
    ).toEqual([
      "relay.effect github-status performed #1",
      "relay.effect slack-parent performed #1",
    ]);
    expect(byName(receiver.spans, "relay.status")).toEqual([]);

    // The webhook's intake is a trace of its own, and the event's attempt links to it.
    const intake = intakeOf("msg_otlp_linked")!;
    expect(intake.service).toBe("relay-under-test");
    expect(intake.attributes["http.response.status_code"]).toBe(200);
    expect(spansOfTrace(intake.traceId)).toEqual([intake]);
    expect(process.links).toEqual([
      expect.objectContaining({ traceId: intake.traceId, spanId: intake.spanId }),
    ]);

    // OTEL_EXPORTER_OTLP_HEADERS reached the collector; no secret or body reached a span.
    expect(receiver.headers.every((h) => h["x-collector-key"] === COLLECTOR_KEY)).toBe(true);
    const exported = receiver.bodies.join("\n");
    for (const secret of [
      SLACK_TOKEN,
      GITHUB_TOKEN,
      TEST_SECRET,
      TEST_RELAY_TOKEN,
      COLLECTOR_KEY,
    ]) {
      expect(exported).not.toContain(secret);
    }
    relay.child.kill("SIGTERM");
    expect(await relay.exited).toBe(0);
  });

  it("a relay killed between intake and effect continues the stored trace after its restart", {
    timeout: 90_000,
  }, async () => {
    const env = relayEnv("killed.db");
    // The first relay hangs in its lookup at the service, before any effect.
    const first = await start({
      ...env,
      CONTENT_REVIEW_BASE_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
      CONTENT_REVIEW_API_KEY: API_KEY,
    });
    const submissionId = "sub-otlp-killed";
    const answer = await sendSigned(first.url, {
      id: "msg_otlp_killed",
      body: eventBody({ submissionId, assetId: "asset-killed", issueCount: 0 }),
    });
    expect(answer.status).toBe(200);
    await waitUntil("the intake span exported", () => intakeOf("msg_otlp_killed") !== undefined);
    await waitUntil("the attempt in flight", () => hangingRequests > 0);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(slack.messages.filter((m) => JSON.stringify(m).includes("asset-killed"))).toEqual([]);

    // Restarted on the same journal (without the service): the entry is relayed in its trace.
    await start(env);
    await waitUntil("the Slack message", () =>
      JSON.stringify(slack.messages).includes("asset-killed"),
    );
    const intake = intakeOf("msg_otlp_killed")!;
    await waitUntil(
      "the effect in the stored trace",
      () => byName(spansOfTrace(intake.traceId), "relay.effect").length > 0,
    );
    const delivery = spansOfTrace(intake.traceId);
    const processes = byName(delivery, "relay.process");
    expect(processes.map((s) => s.attributes["relay.outcome"])).toEqual(["done"]);
    expect(processes[0]!.parentSpanId).toBe(intake.spanId);
    const [effect] = byName(delivery, "relay.effect");
    expect(effect?.attributes["relay.effect"]).toBe("slack-parent");
    expect(effect?.attributes["relay.outcome"]).toBe("performed");
    expect(effect?.parentSpanId).toBe(processes[0]!.spanId);
    expect(receiver.bodies.join("\n")).not.toContain(API_KEY);
  });
});
