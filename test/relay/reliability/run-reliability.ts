import { expect } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import { seededRandom } from "../../../emulator/state/seeded-random.ts";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";
import { type RelayProcess, spawnRelay } from "../helpers/relay-process.ts";
import {
  eventBody,
  sendSigned,
  TEST_RELAY_TOKEN,
  TEST_SECRET,
  waitUntil,
} from "../helpers/signed-sender.ts";

// The reliability run: 2,000 deliveries (30% duplicates, 10% forged, 5% stale) spread over the
// replicas, a replica SIGKILLed twice mid-run and restarted, Slack answering 429 or 500 one
// call in ten and GitHub 500 one status in ten.
const DELIVERIES = 2000;
const SUBMISSIONS = 100;
const ASSETS_PER_SUBMISSION = 11; // 1,100 valid events: 2,000 - 600 - 200 - 100
const KILL_AT = [600, 1300];
const SENDERS = 16;
const FORGED_SECRET = "whsec_Zm9yZ2VkLXNlY3JldC1mb3ItdGhlLXJ1bi0wMDAw";
const SLACK_TOKEN = "xoxb-reliability";
const GITHUB_TOKEN = "ghs_reliability";
const CHANNEL = "C0RELIABLE";

interface Delivery {
  readonly kind: "valid" | "duplicate" | "forged" | "stale";
  readonly id: string;
  readonly body: string;
  readonly submissionId: string;
  readonly assetId: string;
  readonly failed: boolean;
}

function plan(random: () => number): { deliveries: Delivery[]; valid: Delivery[] } {
  const valid: Delivery[] = [];
  for (let s = 0; s < SUBMISSIONS; s += 1) {
    for (let a = 0; a < ASSETS_PER_SUBMISSION; a += 1) {
      const failed = random() < 0.1;
      const submissionId = `sub-${s}`;
      const assetId = `asset-${s}-${a}`;
      valid.push({
        kind: "valid",
        id: `msg_${s}_${a}`,
        submissionId,
        assetId,
        failed,
        body: eventBody({
          type: failed ? "asset.processing.failed" : "asset.processing.completed",
          submissionId,
          assetId,
          errorMessage: `Decoder failed on ${assetId} <!channel>`,
          issueCount: 0,
        }),
      });
    }
  }
  const bad = (kind: "forged" | "stale", i: number): Delivery => {
    const submissionId = `${kind}-sub-${i % 10}`;
    const assetId = `${kind}-asset-${i}`;
    return {
      kind,
      id: `msg_${kind}_${i}`,
      submissionId,
      assetId,
      failed: false,
      body: eventBody({ submissionId, assetId, issueCount: 0 }),
    };
  };
  // Assets of one submission finish around the same time: keep the valid events roughly
  // in submission order, shuffled within a window, with the bad deliveries spread throughout.
  const order: Delivery[] = [...valid];
  const insertRandomly = (d: Delivery) =>
    order.splice(Math.floor(random() * (order.length + 1)), 0, d);
  for (let i = 0; i < DELIVERIES * 0.1; i += 1) insertRandomly(bad("forged", i));
  for (let i = 0; i < DELIVERIES * 0.05; i += 1) insertRandomly(bad("stale", i));
  for (let i = 0; i < order.length; i += 1) {
    const j = Math.min(order.length - 1, i + Math.floor(random() * 40));
    [order[i], order[j]] = [order[j] as Delivery, order[i] as Delivery];
  }
  // Duplicates: a resend of a valid delivery, soon after it (as a sender's retry would be).
  const deliveries = [...order];
  while (deliveries.length < DELIVERIES) {
    const original = valid[Math.floor(random() * valid.length)] as Delivery;
    const after = deliveries.indexOf(original);
    const at = Math.min(deliveries.length, after + 1 + Math.floor(random() * 200));
    deliveries.splice(at, 0, { ...original, kind: "duplicate" });
  }
  return { deliveries, valid };
}

export interface ReliabilityRun {
  readonly name: string;
  /** Relay processes sharing the journal: 1 (SQLite) or 2 (Postgres). */
  readonly replicas: 1 | 2;
  /** `STORE_URL` (and `STORE_SCHEMA`) of the journal. */
  readonly storeEnv: Record<string, string>;
}

/**
 * Runs the reliability run against `replicas` relay processes and checks the promise: every
 * valid delivery acknowledged and relayed exactly once (one parent per submission, one reply
 * per failed event, no commit status set twice in a row, the right final status), nothing
 * forged or stale relayed, and a graceful SIGTERM at the end.
 */
export async function runReliability(run: ReliabilityRun): Promise<void> {
  const random = seededRandom(5);
  const failRandom = seededRandom(55);
  let slack: FakeSlack | undefined;
  let github: GithubStandIn | undefined;
  const relays: (RelayProcess | undefined)[] = [];
  try {
    slack = await startFakeSlack({
      token: SLACK_TOKEN,
      fail: () => (failRandom() < 0.1 ? (failRandom() < 0.5 ? 429 : 500) : null),
      retryAfterSeconds: 1,
    });
    github = await startGithubStandIn({ token: GITHUB_TOKEN, fail: () => failRandom() < 0.1 });
    const relayEnv = {
      ...run.storeEnv,
      WEBHOOK_SECRETS: TEST_SECRET,
      RELAY_TOKEN: TEST_RELAY_TOKEN,
      SLACK_TOKEN,
      SLACK_CHANNEL: CHANNEL,
      SLACK_API_URL: slack.apiUrl,
      // The fake has no per-channel limit of its own; its 429s (Retry-After: 1) are honoured.
      SLACK_MIN_INTERVAL_MS: "0",
      GITHUB_TOKEN,
      GITHUB_API_URL: github.apiUrl,
      RELAY_RETRY_BASE_MS: "50",
      RELAY_RETRY_MAX_MS: "2000",
      RELAY_MAX_ATTEMPTS: "20",
      RELAY_CONCURRENCY: "8",
      // A killed replica's jobs go to the other after this lease; attempts end well before it.
      RELAY_JOB_EXPIRE_SECONDS: "8",
      RELAY_SUPERVISE_SECONDS: "2",
      LOG_LEVEL: process.env["RELAY_TEST_LOG_LEVEL"] ?? "error",
    };
    for (let r = 0; r < run.replicas; r += 1) relays.push(await spawnRelay(relayEnv));
    const { deliveries, valid } = plan(random);
    const live = () => relays.filter((r): r is RelayProcess => r !== undefined);
    let turn = 0;
    // A load balancer: round-robin over the replicas that are up.
    const pick = () => {
      const up = live();
      turn += 1;
      return up[turn % up.length] as RelayProcess;
    };

    // Half the submissions are linked to a commit, as the Action does.
    const shaOf = (s: number) => (s * 7919).toString(16).padStart(40, "a");
    for (let s = 0; s < SUBMISSIONS; s += 2) {
      const res = await fetch(`${pick().url}/links`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_RELAY_TOKEN}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          submissionId: `sub-${s}`,
          repository: "acme/site",
          sha: shaOf(s),
          pullRequest: s + 1,
          assetCount: ASSETS_PER_SUBMISSION,
        }),
      });
      expect(res.status).toBe(202);
    }

    const answers = new Map<Delivery, number[]>();
    let next = 0;
    let sent = 0;
    let restarting: Promise<void> | null = null;
    const kills = [...KILL_AT];
    let killed = 0;

    async function deliver(d: Delivery): Promise<number> {
      const deadline = Date.now() + 60_000;
      for (;;) {
        // With one replica, wait for its restart; with two, the other one answers meanwhile.
        if (restarting !== null && run.replicas === 1) await restarting;
        try {
          const res = await sendSigned(pick().url, {
            id: d.id,
            body: d.body,
            secret: d.kind === "forged" ? FORGED_SECRET : TEST_SECRET,
            timestamp: Math.floor(Date.now() / 1000) - (d.kind === "stale" ? 3600 : 0),
          });
          await res.arrayBuffer();
          return res.status;
        } catch (error) {
          // The replica is down (killed): retry with a fresh signature, as the service would.
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 25));
        }
      }
    }

    async function killOne(): Promise<void> {
      // Alternate between the replicas; the killed one comes back, as its supervisor would.
      const index = killed % run.replicas;
      killed += 1;
      const victim = relays[index] as RelayProcess;
      relays[index] = undefined;
      victim.child.kill("SIGKILL");
      await victim.exited;
      relays[index] = await spawnRelay(relayEnv);
    }

    async function sender(): Promise<void> {
      while (next < deliveries.length) {
        const d = deliveries[next] as Delivery;
        next += 1;
        const status = await deliver(d);
        answers.set(d, [...(answers.get(d) ?? []), status]);
        sent += 1;
        if (kills.length > 0 && sent >= (kills[0] as number) && restarting === null) {
          kills.shift();
          restarting = killOne();
          await restarting;
          restarting = null;
        }
      }
    }
    await Promise.all(Array.from({ length: SENDERS }, () => sender()));

    // Every valid delivery was acknowledged; nothing forged or stale was.
    for (const [d, statuses] of answers) {
      if (d.kind === "forged" || d.kind === "stale") expect(statuses).toEqual([401]);
      else expect(statuses).toEqual([200]);
    }

    const fakeSlack = slack;
    const parents = () =>
      fakeSlack.messages.filter((m) => m.threadTs === null && m.channel === CHANNEL);
    const parentOf = (submissionId: string) =>
      parents().filter((m) => m.metadata?.event_payload["submission_id"] === submissionId);
    const line = (d: Delivery) => `${d.failed ? "❌" : "✅"} *${d.assetId}*`;
    const missing = () =>
      valid.filter((d) => {
        const parent = parentOf(d.submissionId)[0];
        return parent === undefined || !JSON.stringify(parent.blocks).includes(line(d));
      });
    await waitUntil("every valid event in Slack", () => missing().length === 0, 90_000).catch(
      async (error) => {
        const list = await (
          await fetch(`${live()[0]?.url}/deliveries?limit=500`, {
            headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
          })
        ).json();
        throw new Error(
          `${missing().length} missing, e.g. ${JSON.stringify(
            missing()
              .slice(0, 3)
              .map((d) => d.id),
          )}; deliveries not done: ${JSON.stringify(
            (list as { data: { state: string }[] }).data.filter((e) => e.state !== "done"),
          )}`,
          { cause: error },
        );
      },
    );
    await waitUntil(
      "an empty queue",
      async () => {
        // An idle keep-alive connection the relay just closed fails once: ask again.
        const metrics = await fetch(`${live()[0]?.url}/metrics`).then(
          (res) => res.text(),
          () => "",
        );
        return /^relay_queue_depth 0$/m.test(metrics);
      },
      60_000,
    );

    // Exactly once: one parent per submission, one thread reply per failed event.
    for (let s = 0; s < SUBMISSIONS; s += 1) expect(parentOf(`sub-${s}`)).toHaveLength(1);
    expect(parents()).toHaveLength(SUBMISSIONS);
    const replies = slack.messages.filter((m) => m.threadTs !== null);
    const replyKeys = replies.map((m) => String(m.metadata?.event_payload["reply_key"]));
    const failedIds = valid.filter((d) => d.failed).map((d) => d.id);
    expect(replyKeys.sort()).toEqual([...failedIds].sort());
    for (const reply of replies) expect(reply.text).not.toContain("<!channel>");
    const everything = JSON.stringify(slack.messages);
    expect(everything).not.toMatch(/forged-|stale-/);
    // Everything the relay sent, Slack accepted (Block Kit limits, metadata shape).
    expect(slack.calls.filter((c) => c.status === 200 && c.error !== null)).toEqual([]);

    // Linked submissions end on the right commit status, and no status was set twice in a row.
    for (let s = 0; s < SUBMISSIONS; s += 2) {
      const ofSha = github.statuses.filter((st) => st.sha === shaOf(s));
      const anyFailed = valid.some((d) => d.submissionId === `sub-${s}` && d.failed);
      expect(ofSha.at(-1)?.state).toBe(anyFailed ? "error" : "success");
      const shown = ofSha.map((st) => `${st.state} ${st.description}`);
      expect(shown.filter((v, i) => v === shown[i - 1])).toEqual([]);
    }
    expect(github.statuses.some((st) => st.sha === shaOf(1))).toBe(false);
    expect(github.violations).toEqual([]);

    const tally = Object.groupBy(slack.calls, (c) => `${c.method} ${c.status}`);
    console.info(
      `reliability (${run.name}): Slack calls ${JSON.stringify(Object.fromEntries(Object.entries(tally).map(([k, v]) => [k, v?.length])))}`,
    );
    // Graceful shutdown on SIGTERM.
    for (const relay of live()) {
      relay.child.kill("SIGTERM");
      expect(await relay.exited).toBe(0);
    }
  } catch (error) {
    const logs = relays.map((r, i) => `relay ${i} stderr:\n${r?.stderr.join("\n") ?? ""}`);
    throw new Error(`${String(error)}\n${logs.join("\n")}`, { cause: error });
  } finally {
    for (const relay of relays) if (relay?.child.exitCode === null) relay.child.kill("SIGKILL");
    await slack?.close();
    await github?.close();
  }
}
