import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";
import { spawnRelay, withRelay } from "../helpers/relay-process.ts";
import { sendSigned, TEST_RELAY_TOKEN, TEST_SECRET, waitUntil } from "../helpers/signed-sender.ts";
import { mountSmallDisk, type SmallDisk } from "../helpers/small-disk.ts";
import { allReplied, expectRelayedOnce, failedAssetEvents, steadyStream } from "./steady-stream.ts";

const SLACK_TOKEN = "xoxb-full-disk";
// A 16 MB tmpfs of this run's own (root, as in CI); elsewhere the run is skipped with a notice.
const disk: SmallDisk | null = await mountSmallDisk(16);
if (disk === null && process.env["CI"] === "true") {
  throw new Error("CI runs as root: mounting a 16 MB tmpfs for the full-disk run must work");
}
if (disk === null) console.warn("NOTICE: cannot mount a tmpfs here; skipping the full-disk run");
let slack: FakeSlack;
beforeAll(async () => {
  // Slow answers keep a backlog waiting and running when the disk fills.
  slack = await startFakeSlack({ token: SLACK_TOKEN, stall: () => 100 });
});
afterAll(async () => {
  await slack?.close();
  await disk?.destroy();
});

/** CPU seconds (user + system) the process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe("the relay on SQLite when its disk fills up", () => {
  it.skipIf(disk === null)(
    "answers 503 and /readyz 503 while full, logs the true cause, backs off, strands nothing, and relays every acknowledged event exactly once",
    async () => {
      const full = disk as SmallDisk;
      await withRelay(
        () =>
          spawnRelay({
            STORE_URL: `sqlite:${join(full.dir, "relay.db")}`,
            WEBHOOK_SECRETS: TEST_SECRET,
            RELAY_TOKEN: TEST_RELAY_TOKEN,
            SLACK_TOKEN,
            SLACK_CHANNEL: "C0FULL",
            SLACK_API_URL: slack.apiUrl,
            SLACK_MIN_INTERVAL_MS: "0",
            RELAY_RETRY_BASE_MS: "50",
            RELAY_RETRY_MAX_MS: "1000",
            LOG_LEVEL: "warn",
          }),
        async (relay) => {
          const url = relay.url;
          const pid = relay.child.pid as number;
          const events = failedAssetEvents("full", 20, 8);
          const stream = steadyStream(() => url, events, { intervalMs: 20, senders: 4 });
          await waitUntil(
            "a third acknowledged",
            () => stream.acked() >= events.length / 3,
            30_000,
          );

          full.fill();
          await waitUntil("503s with Retry-After", () =>
            stream.answers.some((a) => a.status === 503 && a.retryAfter !== null),
          );
          const ready = await fetch(`${url}/readyz`);
          expect(ready.status).toBe(503);
          expect(JSON.stringify(await ready.json())).toMatch(/full/);
          // While the disk stays full: no busy loop (the issue saw 88-100% of a core). A relay
          // that ended has no /proc entry: say so rather than ENOENT.
          expect(relay.child.exitCode, "the relay exited while the disk was full").toBeNull();
          const before = cpuSeconds(pid);
          await new Promise((resolve) => setTimeout(resolve, 3000));
          const used = cpuSeconds(pid) - before;
          console.info(`full-disk run: ${used.toFixed(2)} s of CPU in 3 s while full`);
          expect(used).toBeLessThan(0.75);
          expect(relay.child.exitCode).toBeNull();

          full.free();
          await waitUntil("/readyz 200", async () => (await fetch(`${url}/readyz`)).status === 200);
          await stream.done;
          await waitUntil("every event in Slack", () => allReplied(slack, events), 40_000);
          await waitUntil(
            "an empty queue",
            async () => /^relay_queue_depth 0$/m.test(await (await fetch(`${url}/metrics`)).text()),
            20_000,
          );
          expectRelayedOnce(slack, events);
          const log = relay.stderr.join("\n");
          expect(log).toMatch(/database or disk is full/);
          expect(log).not.toMatch(/cannot rollback/);
          // Nothing stranded: no entry left waiting or running.
          const list = (await (
            await fetch(`${url}/deliveries?limit=500`, {
              headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
            })
          ).json()) as { data: { state: string }[] };
          expect(list.data.filter((e) => e.state !== "done")).toEqual([]);
          expect(
            (await sendSigned(url, { id: "full_0_0", body: events[0]?.body ?? "" })).status,
          ).toBe(200);
          relay.child.kill("SIGTERM");
          expect(await relay.exited).toBe(0);
        },
      );
    },
    150_000,
  );
});
