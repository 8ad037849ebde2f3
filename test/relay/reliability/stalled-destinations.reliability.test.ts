import { describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../helpers/postgres.ts";
import { type RelayProcess, spawnRelay } from "../helpers/relay-process.ts";
import {
  eventBody,
  sendSigned,
  TEST_RELAY_TOKEN,
  TEST_SECRET,
  waitUntil,
} from "../helpers/signed-sender.ts";

const SLACK_TOKEN = "xoxb-stalled";
const GITHUB_TOKEN = "ghs_stalled";
const SHA = "5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e";
// The job lease; attempts end at a third of it (2 s). A stalled answer outlasts the lease, so
// without a deadline another replica would take the job over while the first still ran it.
const LEASE_SECONDS = 6;
const STALL_MS = 7000;

const hasPostgres = hasTestPostgres();
const schema = testSchema("relay_stalled");

describe("two relay replicas on Postgres with a stalling Slack and GitHub", () => {
  it.skipIf(!hasPostgres)(
    "makes each effect exactly once when a post and a status take effect but answer past the deadline",
    async () => {
      let slack: FakeSlack | undefined;
      let github: GithubStandIn | undefined;
      const relays: RelayProcess[] = [];
      try {
        // The first parent post and the first commit status take effect; their answers stall.
        slack = await startFakeSlack({
          token: SLACK_TOKEN,
          stall: (method, n) => (method === "chat.postMessage" && n === 1 ? STALL_MS : null),
        });
        github = await startGithubStandIn({
          token: GITHUB_TOKEN,
          stallStatus: (n) => (n === 1 ? STALL_MS : null),
        });
        const env = {
          STORE_URL: TEST_POSTGRES_URL,
          STORE_SCHEMA: schema,
          WEBHOOK_SECRETS: TEST_SECRET,
          RELAY_TOKEN: TEST_RELAY_TOKEN,
          SLACK_TOKEN,
          SLACK_CHANNEL: "C0STALL",
          SLACK_API_URL: slack.apiUrl,
          SLACK_MIN_INTERVAL_MS: "0",
          GITHUB_TOKEN,
          GITHUB_API_URL: github.apiUrl,
          RELAY_RETRY_BASE_MS: "1000",
          RELAY_JOB_EXPIRE_SECONDS: String(LEASE_SECONDS),
          RELAY_SUPERVISE_SECONDS: "1",
          LOG_LEVEL: process.env["RELAY_TEST_LOG_LEVEL"] ?? "error",
        };
        relays.push(await spawnRelay(env), await spawnRelay(env));
        const [a, b] = relays as [RelayProcess, RelayProcess];

        // A failed asset: a parent post, a thread reply and a commit status, each to be made once.
        const link = await fetch(`${a.url}/links`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${TEST_RELAY_TOKEN}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({
            submissionId: "sub-stalled",
            repository: "acme/site",
            sha: SHA,
            assetCount: 2,
          }),
        });
        expect(link.status).toBe(202);
        // The link's pending status is the stalled one. Let its entry settle before the events
        // come: a later entry would supersede that status, and no lookup would be needed.
        const stalledGithub = github;
        await waitUntil(
          "the stalled pending status looked up after its attempt gave up",
          () =>
            stalledGithub.requests.some(
              (r) => r.operationId === "repos/list-commit-statuses-for-ref",
            ),
          20_000,
        );
        const send = (relay: RelayProcess, id: string, body: string) =>
          sendSigned(relay.url, { id, body }).then((res) => res.json());
        expect(
          await send(
            b,
            "msg_stalled_1",
            eventBody({
              type: "asset.processing.failed",
              submissionId: "sub-stalled",
              assetId: "asset-stalled-1",
              errorMessage: "Decoder stopped",
            }),
          ),
        ).toEqual({ status: "accepted" });
        expect(
          await send(
            a,
            "msg_stalled_2",
            eventBody({ submissionId: "sub-stalled", assetId: "asset-stalled-2", issueCount: 0 }),
          ),
        ).toEqual({ status: "accepted" });

        const fakeSlack = slack;
        const fakeGithub = github;
        await waitUntil(
          "both assets in Slack and the final status",
          () =>
            JSON.stringify(fakeSlack.messages).includes("asset-stalled-2") &&
            fakeGithub.statuses.some((st) => st.state === "error"),
          45_000,
        );
        await waitUntil(
          "an empty queue",
          async () =>
            /^relay_queue_depth 0$/m.test(
              await fetch(`${b.url}/metrics`).then(
                (res) => res.text(),
                () => "",
              ),
            ),
          20_000,
        );
        // The stalled answers were given up on (the attempt's deadline), then looked up; the
        // pending status was not set again.
        const posts = slack.calls.filter((c) => c.method === "chat.postMessage");
        expect(posts[0]?.stalledMs).toBe(STALL_MS);
        expect(slack.calls.some((c) => c.method === "conversations.history")).toBe(true);
        expect(
          github.requests.some((r) => r.operationId === "repos/list-commit-statuses-for-ref"),
        ).toBe(true);

        // Exactly once: one parent, one reply, each status once.
        const parents = slack.messages.filter((m) => m.threadTs === null);
        expect(parents).toHaveLength(1);
        const replies = slack.messages.filter((m) => m.threadTs !== null);
        expect(replies.map((m) => m.metadata?.event_payload["reply_key"])).toEqual([
          "msg_stalled_1",
        ]);
        const shown = github.statuses.map((st) => `${st.state}: ${st.description}`);
        expect(new Set(shown).size).toBe(shown.length);
        expect(shown.at(-1)).toBe("error: 1 of 2 assets failed to process");
        expect(slack.calls.filter((c) => c.status === 200 && c.error !== null)).toEqual([]);
        expect(github.violations).toEqual([]);
        for (const relay of relays) {
          relay.child.kill("SIGTERM");
          expect(await relay.exited).toBe(0);
        }
      } catch (error) {
        const logs = relays.map((r, i) => `relay ${i} stderr:\n${r.stderr.join("\n")}`);
        logs.push(
          JSON.stringify(
            slack?.calls.map((c) => [
              c.method,
              c.status,
              c.error,
              c.stalledMs,
              c.params["thread_ts"] ?? "",
              String(c.params["text"] ?? "").slice(0, 60),
            ]),
            null,
            0,
          ),
        );
        logs.push(
          JSON.stringify(slack?.messages.map((m) => [m.ts, m.threadTs, m.text.slice(0, 60)])),
        );
        logs.push(JSON.stringify(github?.requests.map((r) => [r.method, r.operationId, r.status])));
        throw new Error(`${String(error)}\n${logs.join("\n")}`, { cause: error });
      } finally {
        for (const relay of relays) if (relay.child.exitCode === null) relay.child.kill("SIGKILL");
        await slack?.close();
        await github?.close();
      }
    },
    90_000,
  );
});
