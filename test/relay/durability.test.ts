import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../fakes/fake-slack.ts";
import { type RelayProcess, spawnRelay } from "./helpers/relay-process.ts";
import { relayTestEnv } from "./helpers/relay-test-env.ts";
import { eventBody, sendSigned, waitUntil } from "./helpers/signed-sender.ts";

const FAILING_FSYNC = fileURLToPath(
  new URL("./helpers/relay-with-failing-fsync.ts", import.meta.url),
);
const SLACK_TOKEN = "xoxb-durability";
const dir = mkdtempSync(join(tmpdir(), "relay-durability-"));
let slack: FakeSlack | undefined;
const running: RelayProcess[] = [];

afterAll(async () => {
  for (const relay of running) if (relay.child.exitCode === null) relay.child.kill("SIGKILL");
  await slack?.close();
});

describe("relay durability", () => {
  it("a failed fsync after COMMIT ends the process with one line; the restart relays the event", async () => {
    slack = await startFakeSlack({ token: SLACK_TOKEN });
    const env = relayTestEnv({
      STORE_URL: `sqlite:${join(dir, "relay.db")}`,
      SLACK_TOKEN,
      SLACK_CHANNEL: "C0DISK",
      SLACK_API_URL: slack.apiUrl,
      SLACK_MIN_INTERVAL_MS: "0",
    });
    const failing = await spawnRelay(env, 20_000, FAILING_FSYNC);
    running.push(failing);
    const delivery = {
      id: "msg_fsync",
      body: eventBody({ submissionId: "sub-fsync", assetId: "asset-fsync", issueCount: 0 }),
    };
    // The commit went through but could not be synced: no answer, the process ends.
    const answer = await sendSigned(failing.url, delivery).then(
      (res) => res.status,
      () => "no answer",
    );
    expect(answer).toBe("no answer");
    expect(await failing.exited).toBe(1);
    expect(failing.stderr.filter((l) => l.startsWith("content-review-relay:"))).toEqual([
      "content-review-relay: stopping: The journal could not sync the write-ahead log to disk after committing; the relay stops so that its supervisor restarts it (check the disk)",
    ]);
    expect(slack.messages).toHaveLength(0);

    // The supervisor restarts it: the committed event is scheduled and relayed.
    const restarted = await spawnRelay(env);
    running.push(restarted);
    await waitUntil(
      "the event in Slack",
      () => JSON.stringify(slack?.messages ?? []).includes("asset-fsync"),
      20_000,
    );
    // The sender's retry is a duplicate of what was committed; nothing is posted twice.
    const retry = await sendSigned(restarted.url, delivery);
    expect(await retry.json()).toEqual({ status: "duplicate" });
    expect(slack.messages).toHaveLength(1);
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
  });
});
