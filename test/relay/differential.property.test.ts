import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../emulator/github/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  type StartRelayOverrides,
  startRelay,
} from "../../relay/index.ts";
import { storableKey } from "../../relay/journal/index.ts";
import { parseDelivery } from "../../relay/relay-event.ts";
import { type FakeSlack, startFakeSlack } from "../fakes/fake-slack.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "./helpers/postgres.ts";
import { relayTestEnv } from "./helpers/relay-test-env.ts";
import { sendSigned, TEST_RELAY_TOKEN, waitUntil } from "./helpers/signed-sender.ts";
import {
  type ServiceAsset,
  type SubmissionService,
  startSubmissionService,
} from "./helpers/submission-service.ts";

const SLACK_TOKEN = "xoxb-differential";
const GITHUB_TOKEN = "ghs_differential";
const hasPostgres = hasTestPostgres();
const dir = mkdtempSync(join(tmpdir(), "relay-differential-"));
const schema = testSchema("relay_differential");
const reconcileSchema = testSchema("rdiff");

interface Side {
  readonly slack: FakeSlack;
  readonly relay: RelayHandle;
}
const sides: Side[] = [];
let github: GithubStandIn;

/** A relay on `store` with its own fake Slack; `extra` adds or overrides settings. */
async function startSide(
  store: string,
  extra: Record<string, string> = {},
  overrides: StartRelayOverrides = {},
): Promise<Side> {
  const slack = await startFakeSlack({ token: SLACK_TOKEN });
  const relay = await startRelay(
    resolveRelayConfig(
      relayTestEnv(
        {
          STORE_URL: store,
          STORE_SCHEMA: schema,
          SLACK_TOKEN,
          SLACK_CHANNEL: "C0DIFF",
          SLACK_API_URL: slack.apiUrl,
          SLACK_MIN_INTERVAL_MS: "0",
          GITHUB_TOKEN,
          GITHUB_API_URL: github.apiUrl,
          RELAY_RETRY_BASE_MS: "20",
        },
        extra,
      ),
    ),
    { logger: createLogger("silent"), ...overrides },
  );
  return { slack, relay };
}

beforeAll(async () => {
  if (!hasPostgres) return;
  github = await startGithubStandIn({ token: GITHUB_TOKEN });
  sides.push(await startSide(`sqlite:${join(dir, "relay.db")}`));
  sides.push(await startSide(TEST_POSTGRES_URL));
});
afterAll(async () => {
  for (const side of sides) {
    await side.relay.close();
    await side.slack.close();
  }
  await github?.close();
});

// JSON text the generator splices in where JSON.stringify cannot write it: numbers past any
// double (1e400, 400 digits) and nesting thousands deep.
const RAW = "\u0001raw:";
const raw = (text: string) => `${RAW}${text}`;
const RAW_LEAF = /"\\u0001raw:((?:[^"\\]|\\.)*)"/g;

/** Any character, leaning on the ones stores and destinations trip over. */
const char = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  fc.constantFrom("\u0000", "\ud800", "\udfff", "\u001b", "\u007f", "😀", "<!channel>", "&", "\\"),
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: char, maxLength: 40 }) },
  // Long strings: Slack and GitHub cut them, the journal keeps them whole.
  fc.tuple(char, fc.integer({ min: 1000, max: 200_000 })).map(([c, n]) => c.repeat(n)),
);
const huge = fc
  .tuple(fc.boolean(), fc.integer({ min: 20, max: 400 }), fc.integer({ min: 1, max: 9 }))
  .map(([negative, digits, first]) => raw(`${negative ? "-" : ""}${first}${"0".repeat(digits)}`));
const deep = fc
  .integer({ min: 10, max: 5000 })
  .map((depth) => raw(`${"[".repeat(depth)}1${"]".repeat(depth)}`));
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  fc.integer(),
  fc.double(),
  huge,
  deep,
  fc.boolean(),
  fc.constant(null),
  fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j) as unknown),
);
/** A field: usually what the field should hold, sometimes anything at all. */
const field = (usual: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: usual }, { weight: 1, arbitrary: anyJson });
const timestamp = fc
  .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
  .map((d) => d.toISOString());

const event = fc.record(
  {
    type: field(fc.constantFrom("asset.processing.completed", "asset.processing.failed")),
    timestamp: field(timestamp),
    data: fc.oneof(
      {
        weight: 9,
        arbitrary: fc.record(
          {
            asset_id: field(text),
            submission_id: field(text),
            workspace_id: field(text),
            status: field(fc.constantFrom("complete", "failed")),
            error_message: field(text),
            issue_count: field(fc.nat()),
            extra: anyJson,
          },
          { requiredKeys: ["asset_id", "submission_id"] },
        ),
      },
      { weight: 1, arbitrary: anyJson },
    ),
  },
  { requiredKeys: ["type", "data"] },
);

let n = 0;
/** The body's text; a string id gets a unique suffix, so that each event is its submission's only one. */
function bodyOf(value: { data: unknown }): string {
  n += 1;
  let { data } = value;
  if (typeof data === "object" && data !== null && !Array.isArray(data)) {
    const fields = data as Record<string, unknown>;
    const id = fields["submission_id"];
    if (typeof id === "string") data = { ...fields, submission_id: `${id}#${n}` };
  }
  return JSON.stringify({ ...value, data }).replace(RAW_LEAF, (_m, leaf: string) =>
    JSON.parse(`"${leaf}"`),
  );
}

/** Every string in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(strings);
}

/** The answer as a comparable word: the status, and the error or the journal's verdict. */
async function answer(res: Response): Promise<string> {
  const json = (await res.json()) as { status?: string; error?: string };
  return `${res.status} ${json.status ?? json.error}`;
}

describe("the relay on SQLite and on Postgres (differential property)", () => {
  it.skipIf(!hasPostgres)(
    "answers every generated signed event alike, never 5xx, and relays each acknowledged one exactly once",
    async () => {
      const accepted: string[] = [];
      await fc.assert(
        fc.asyncProperty(event, async (value) => {
          const body = bodyOf(value);
          const id = `msg_diff_${n}`;
          const timestamp = Math.floor(Date.now() / 1000);
          const answers = [];
          for (const side of sides) {
            answers.push(await answer(await sendSigned(side.relay.url, { id, body, timestamp })));
          }
          expect(answers[1]).toBe(answers[0]);
          expect(Number(answers[0]?.slice(0, 3))).toBeLessThan(500);
          if (answers[0] === "200 accepted") {
            const parsed = parseDelivery(JSON.parse(body));
            if (parsed.kind !== "event") throw new Error(`accepted, yet parsed as ${parsed.kind}`);
            accepted.push(parsed.event.submissionId);
          }
        }),
        { numRuns: 60, seed: 20261127, endOnFailure: true },
      );
      expect(accepted.length).toBeGreaterThan(10);
      for (const side of sides) {
        const { journal } = side.relay;
        await waitUntil(
          `${journal.kind}: every acknowledged event relayed`,
          async () => (await journal.stats()).queueDepth === 0,
          20_000,
        );
        expect(await journal.stats()).toEqual({ queueDepth: 0, deadLettered: 0 });
        const parents = side.slack.messages.filter((m) => m.threadTs === null);
        // One Slack message per acknowledged event (each is its submission's only one), each
        // naming its own submission exactly, through the journal's escape.
        expect(parents).toHaveLength(accepted.length);
        const named = parents.map((m) => m.metadata?.event_payload["submission_id"]);
        expect(new Set(named)).toEqual(new Set(accepted.map(storableKey)));
        // What reached Slack holds no U+0000, other control character or lone surrogate.
        const shown = parents.flatMap((m) => strings([m.text, m.blocks]));
        expect(
          shown.filter((t) => !t.isWellFormed() || /[\u0000-\u0008\u000b-\u001f]/.test(t)),
        ).toEqual([]);
      }
    },
    120_000,
  );

  it.skipIf(!hasPostgres)(
    "POST /links takes U+0000 and lone surrogates in its ids and context alike on both stores",
    async () => {
      const link = {
        submissionId: "sub-link-\u0000-\ud800",
        repository: "acme/site",
        sha: "abcdef1",
        context: "review \u0000 \udfff",
      };
      for (const side of sides) {
        const res = await fetch(`${side.relay.url}/links`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${TEST_RELAY_TOKEN}`,
            "content-type": "application/json",
          },
          body: JSON.stringify(link),
        });
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({ status: "accepted", submissionId: link.submissionId });
        const entry = (await side.relay.journal.listEntries(500)).find(
          (e) => e.event.submissionId === link.submissionId,
        );
        expect(entry?.event).toMatchObject({ kind: "link.registered", link });
      }
      // Each relay sets the commit's status, its context made harmless.
      await waitUntil(
        "both statuses",
        () => github.statuses.filter((st) => st.sha === link.sha).length === 2,
      );
      const contexts = github.statuses.filter((st) => st.sha === link.sha).map((st) => st.context);
      expect(contexts).toEqual(["review \ufffd \ufffd", "review \ufffd \ufffd"]);
    },
  );

  describe("links and reconciliation reads", () => {
    const reconcilingSides: Side[] = [];
    const reconciling: RelayHandle[] = [];
    let service: SubmissionService;
    /**
     * How far both relays' reconciliation clock is ahead of the real one: nothing is due on the
     * real clock (RECONCILE_AFTER_SECONDS below); a run moves it on once its links and webhooks
     * are in, by more than that and short of RECONCILE_MAX_HOURS.
     */
    let ahead = 0;
    const CHECK_DUE_MS = 2 * 3_600_000;
    beforeAll(async () => {
      if (!hasPostgres) return;
      service = await startSubmissionService();
      for (const store of [`sqlite:${join(dir, "reconcile.db")}`, TEST_POSTGRES_URL]) {
        const side = await startSide(
          store,
          {
            STORE_SCHEMA: reconcileSchema,
            CONTENT_REVIEW_BASE_URL: service.url,
            CONTENT_REVIEW_API_KEY: "sk_test_0123456789abcdef",
            RECONCILE_AFTER_SECONDS: "600",
            RECONCILE_MAX_HOURS: "24",
            RECONCILE_SWEEP_SECONDS: "0.1",
            RELAY_MAX_ATTEMPTS: "1",
          },
          { reconcileNow: () => Date.now() + ahead },
        );
        reconcilingSides.push(side);
        reconciling.push(side.relay);
      }
    });
    afterAll(async () => {
      for (const side of reconcilingSides) {
        await side.relay.close();
        await side.slack.close();
      }
      await service?.close();
    });

    /** Ids that stores and URLs trip over: lone surrogates, U+0000, a colon, a leading space. */
    const oddId = fc
      .array(fc.constantFrom("\ud800", "\udc00", "\u0000", ":", " ", "x", "\u00a0", "\ufeff"), {
        minLength: 1,
        maxLength: 4,
      })
      .map((parts) => parts.join(""));
    const serviceAsset = fc.constantFrom<ServiceAsset["status"] | "retryable">(
      "complete",
      "failed",
      "retryable",
    );
    const submission = fc.record({
      id: oddId,
      // null: the service does not know it (404).
      read: fc.option(fc.array(serviceAsset, { minLength: 1, maxLength: 2 }), { nil: null }),
      // A failure webhook of the first asset before the read (a retry the read may overrule).
      failedFirst: fc.boolean(),
    });

    it.skipIf(!hasPostgres)(
      "gives every linked submission the same final status on both stores, the one the service's read says",
      async () => {
        let k = 0;
        await fc.assert(
          fc.asyncProperty(fc.array(submission, { minLength: 1, maxLength: 6 }), async (cases) => {
            // This run's links come due only once they and their webhooks are in.
            ahead = 0;
            const runs = cases.map((c) => {
              k += 1;
              const n = k;
              const id = `${c.id}#${n}`;
              const assets = (c.read ?? ["complete"]).map((status) => ({
                assetId: randomUUID(),
                status: status === "retryable" ? ("failed" as const) : status,
                isRetryable: status === "retryable",
              }));
              const askable = id.isWellFormed() && c.read !== null;
              const expected =
                askable && assets.every((a) => a.status === "complete") ? "success" : "error";
              return {
                ...c,
                id,
                assets,
                expected,
                sha: (side: number) => `${n.toString(16).padStart(7, "0")}${side}`,
              };
            });
            for (const run of runs) {
              if (run.read !== null) service.set(run.id, run.assets);
              for (const [side, relay] of reconciling.entries()) {
                const res = await fetch(`${relay.url}/links`, {
                  method: "POST",
                  headers: {
                    authorization: `Bearer ${TEST_RELAY_TOKEN}`,
                    "content-type": "application/json",
                  },
                  body: JSON.stringify({
                    submissionId: run.id,
                    repository: "acme/site",
                    sha: run.sha(side),
                    assetCount: run.assets.length,
                  }),
                });
                expect(res.status).toBe(202);
                if (!run.failedFirst) continue;
                const failure = await sendSigned(relay.url, {
                  id: `msg_reconcile_${k}_${side}_${randomUUID()}`,
                  body: JSON.stringify({
                    type: "asset.processing.failed",
                    timestamp: new Date(Date.now() - 60_000).toISOString(),
                    data: { asset_id: run.assets[0]?.assetId, submission_id: run.id },
                  }),
                });
                expect(failure.status).toBe(200);
              }
            }
            // Each relay has relayed its links and failures before the reads come due: which
            // comes first would otherwise differ between the two, and so would the description.
            for (const relay of reconciling) {
              await waitUntil(
                "links and failures relayed",
                async () => (await relay.journal.stats()).queueDepth === 0,
              );
            }
            ahead = CHECK_DUE_MS;
            const last = (sha: string) => github.statuses.filter((st) => st.sha === sha).at(-1);
            for (const run of runs) {
              for (const side of [0, 1]) {
                await waitUntil(
                  `${JSON.stringify(run.id)} final on side ${side}`,
                  () => last(run.sha(side))?.state === run.expected,
                  30_000,
                );
              }
              expect(last(run.sha(1))?.description).toBe(last(run.sha(0))?.description);
            }
          }),
          { numRuns: 4, seed: 20261129, endOnFailure: true },
        );
        for (const relay of reconciling) {
          expect((await relay.journal.stats()).deadLettered).toBe(0);
        }
      },
      240_000,
    );
  });
});
