import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNAL_FAULT_REASONS, openPostgresJournal } from "../../../relay/journal/index.ts";
import type { AssetEvent } from "../../../relay/relay-event.ts";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";
import { spawnRelay, withRelay } from "../helpers/relay-process.ts";
import {
  type ScratchPostgres,
  scratchPostgresAvailable,
  startScratchPostgres,
} from "../helpers/scratch-postgres.ts";
import { sendSigned, TEST_RELAY_TOKEN, TEST_SECRET, waitUntil } from "../helpers/signed-sender.ts";
import { completedEvent } from "../helpers/submission-builders.ts";
import { allReplied, expectRelayedOnce, failedAssetEvents, steadyStream } from "./steady-stream.ts";

const SLACK_TOKEN = "xoxb-outage";
const available = scratchPostgresAvailable();
if (!available && process.env["CI"] === "true") {
  throw new Error("CI needs PostgreSQL's server binaries (initdb, pg_ctl) for the outage runs");
}

// A Postgres of this test's own, stopped and started under the relay (never the shared server).
let db: ScratchPostgres | undefined;
let slack: FakeSlack;
beforeAll(async () => {
  if (!available) return;
  db = await startScratchPostgres();
  slack = await startFakeSlack({ token: SLACK_TOKEN });
}, 60_000);
afterAll(async () => {
  await slack?.close();
  await db?.destroy();
});

function relayEnv(schema: string): Record<string, string> {
  return {
    STORE_URL: db?.url ?? "",
    STORE_SCHEMA: schema,
    WEBHOOK_SECRETS: TEST_SECRET,
    RELAY_TOKEN: TEST_RELAY_TOKEN,
    SLACK_TOKEN,
    SLACK_CHANNEL: "C0OUTAGE",
    SLACK_API_URL: slack.apiUrl,
    SLACK_MIN_INTERVAL_MS: "0",
    RELAY_RETRY_BASE_MS: "50",
    RELAY_RETRY_MAX_MS: "1000",
    RELAY_SUPERVISE_SECONDS: "2",
    // The default lease: in-flight work must resume long before it ends.
    RELAY_JOB_EXPIRE_SECONDS: "60",
    LOG_LEVEL: process.env["RELAY_TEST_LOG_LEVEL"] ?? "warn",
  };
}

async function readyz(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("the relay on Postgres through database outages", () => {
  it.skipIf(!available)(
    "starts while the database is down, answers /healthz, says why on /readyz, and serves once it is up",
    async () => {
      const pg = db as ScratchPostgres;
      await pg.stop();
      try {
        await withRelay(
          () => spawnRelay(relayEnv("relay_startup")),
          async (relay) => {
            expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
            const waiting = await readyz(relay.url);
            expect(waiting.status).toBe(503);
            // A fixed sentence on the (often public) health route; the true cause is in the log.
            expect(waiting.body["reason"]).toBe(JOURNAL_FAULT_REASONS.waiting);
            expect(JSON.stringify(waiting.body)).not.toContain(String(pg.port));
            await waitUntil(
              "the cause in the log",
              () =>
                relay?.stderr.some(
                  (l) => l.includes('"not ready"') && l.includes(`:${pg.port}`),
                ) === true,
            );
            const early = await sendSigned(relay.url, {
              id: "msg_startup_early",
              body: failedAssetEvents("early", 1, 1)[0]?.body ?? "",
            });
            expect(early.status).toBe(503);
            expect(early.headers.get("retry-after")).toMatch(/^\d+$/);
            // Still waiting, a few backoffs later: it never exits for an outage.
            await new Promise((resolve) => setTimeout(resolve, 2000));
            expect(relay.child.exitCode).toBeNull();

            await pg.start();
            const up = relay.url;
            await waitUntil("/readyz 200", async () => (await readyz(up)).status === 200, 15_000);
            const events = failedAssetEvents("startup", 2, 2);
            const stream = steadyStream(() => up, events);
            await stream.done;
            await waitUntil("every event in Slack", () => allReplied(slack, events), 30_000);
            expectRelayedOnce(
              {
                ...slack,
                messages: slack.messages.filter((m) =>
                  String(m.metadata?.event_payload["submission_id"]).startsWith("startup-"),
                ),
              },
              events,
            );
            relay.child.kill("SIGTERM");
            expect(await relay.exited).toBe(0);
          },
        );
      } finally {
        await pg.start().catch(() => undefined);
      }
    },
    120_000,
  );

  it.skipIf(!available)(
    "survives an outage mid-stream: 503 with Retry-After while down, accepts within a second of recovery, relays every acknowledged event exactly once",
    async () => {
      const pg = db as ScratchPostgres;
      await withRelay(
        () => spawnRelay(relayEnv("relay_outage")),
        async (relay) => {
          const url = relay.url;
          const events = failedAssetEvents("outage", 20, 8);
          const stream = steadyStream(() => url, events, { intervalMs: 20, senders: 4 });
          await waitUntil(
            "a third acknowledged",
            () => stream.acked() >= events.length / 3,
            30_000,
          );

          await pg.stop();
          await waitUntil(
            "503s with Retry-After",
            () => stream.answers.some((a) => a.status === 503 && a.retryAfter !== null),
            10_000,
          );
          expect((await readyz(url)).status).toBe(503);
          await new Promise((resolve) => setTimeout(resolve, 3000));
          expect(relay.child.exitCode).toBeNull();

          await pg.start();
          const recovered = Date.now();
          await waitUntil(
            "an acknowledgement after recovery",
            () => stream.answers.some((a) => a.at >= recovered && a.status === 200),
            10_000,
          );
          const first = stream.answers.find((a) => a.at >= recovered && a.status === 200);
          // The sender pauses up to 200 ms between tries: the relay itself took under a second.
          expect((first?.at ?? Number.POSITIVE_INFINITY) - recovered).toBeLessThan(1200);
          expect((await readyz(url)).status).toBe(200);

          await stream.done;
          // Well within the 60 s job lease: in-flight work resumed as soon as the database was back.
          await waitUntil("every event in Slack", () => allReplied(slack, events), 40_000).catch(
            async (error) => {
              const list = (await (
                await fetch(`${url}/deliveries?limit=500`, {
                  headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
                })
              ).json()) as { data: { state: string }[] };
              const open = list.data.filter((e) => e.state !== "done");
              throw new Error(`entries not done: ${JSON.stringify(open)}`, { cause: error });
            },
          );
          await waitUntil(
            "an empty queue",
            async () => /^relay_queue_depth 0$/m.test(await (await fetch(`${url}/metrics`)).text()),
            20_000,
          );
          expectRelayedOnce(
            {
              ...slack,
              messages: slack.messages.filter((m) =>
                String(m.metadata?.event_payload["submission_id"]).startsWith("outage-"),
              ),
            },
            events,
          );
          expect(relay.stderr.join("\n")).not.toMatch(/Unhandled 'error' event/);
          expect(relay.child.exitCode).toBeNull();
          relay.child.kill("SIGTERM");
          expect(await relay.exited).toBe(0);
        },
      );
    },
    150_000,
  );

  it.skipIf(!available)(
    "settles a job whose entry was recorded done just before the database went away, as soon as it is back, not after its lease",
    async () => {
      const pg = db as ScratchPostgres;
      const event = (assetId: string): AssetEvent => completedEvent("s-settle", assetId);
      const journal = await openPostgresJournal({
        connectionString: pg.url,
        schema: "relay_settle",
        retry: { maxAttempts: 3, baseMs: 1000, maxMs: 1000 },
        concurrency: 1,
        // The lease the second entry would wait out behind an unsettled first job.
        expireSeconds: 60,
        superviseSeconds: 1,
        handlerTimeoutMs: 5000,
        connectTimeoutMs: 1000,
      });
      let cut = false;
      try {
        // One submission: its second job waits until the first is settled (key_strict_fifo).
        await journal.ingest("settle-1", event("a-1"));
        await journal.ingest("settle-2", event("a-2"));
        const handled: string[] = [];
        await journal.start(
          async (entry) => {
            handled.push(entry.id);
          },
          {
            onDone: (entry) => {
              if (entry.id !== "settle-1" || cut) return;
              cut = true;
              // After the entry's `done` write, before any settlement of its job: the server is
              // down before this returns, so pg-boss's own settlement finds it gone.
              pg.stopNow();
            },
          },
        );
        await waitUntil(
          "the database stopped after the first entry's done write",
          () => cut,
          20_000,
        );
        await pg.start();
        // Well within the 60 s lease: the first job was settled as soon as the database was back.
        await waitUntil(
          "the submission's second entry",
          () => handled.includes("settle-2"),
          20_000,
        );
        expect(handled).toEqual(["settle-1", "settle-2"]);
      } finally {
        if (cut) await pg.start().catch(() => undefined);
        await journal.close(1000);
      }
    },
    90_000,
  );
});
