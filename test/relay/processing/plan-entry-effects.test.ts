import { describe, expect, it } from "vitest";
import {
  type EntryFacts,
  planEntryEffects,
  type StoredState,
} from "../../../relay/processing/plan-entry-effects.ts";
import type { AssetEvent, RelayEvent } from "../../../relay/relay-event.ts";
import { asset, failedAsset, link, state } from "../helpers/submission-builders.ts";

const ROUTING = {
  channelFor: (repository: string | null) => (repository === "acme/site" ? "CSITE" : "CDEFAULT"),
  mentionFor: (login: string | null) => (login === "mona" ? "U1" : null),
};
const TARGETS = { slack: ROUTING, github: true };

const assetEvent = (
  kind: AssetEvent["kind"],
  assetId: string,
  over: Partial<AssetEvent> = {},
): AssetEvent => ({
  kind,
  submissionId: "s",
  assetId,
  workspaceId: null,
  status: kind === "asset.processing.failed" ? "failed" : "complete",
  errorMessage: null,
  issueCount: 0,
  occurredAt: null,
  ...over,
});

const facts = (event: RelayEvent, over: Partial<EntryFacts> = {}): EntryFacts => ({
  entryId: "e-1",
  event,
  stale: false,
  later: false,
  prUrl: "https://github.com/acme/site/pull/3",
  ...over,
});

const passed = asset("complete");
const failed = failedAsset("decoder crashed");
const linkEvent: RelayEvent = { kind: "link.registered", submissionId: "s", link: link() };

describe("planEntryEffects", () => {
  it.each<[string, StoredState, EntryFacts, object]>([
    [
      "a link before any asset: a pending status and a watch, no Slack message yet",
      state([]),
      facts(linkEvent),
      { slack: null, status: { status: { state: "pending" } }, watch: "watch" },
    ],
    [
      "the last asset passing: the parent in the route's channel, a success status, the watch ends",
      state([passed, { ...asset("complete"), assetId: "a-last" }]),
      facts(assetEvent("asset.processing.completed", "a-last")),
      {
        slack: {
          channel: "CSITE",
          updateExisting: true,
          recordChannel: true,
          failureReply: null,
          mention: null,
        },
        status: { status: { state: "success" } },
        watch: "unwatch",
      },
    ],
    [
      "a later entry queued: no update and no status",
      state([passed]),
      facts(assetEvent("asset.processing.completed", passed.assetId), { later: true }),
      { slack: null, status: null, watch: "watch" },
    ],
    [
      "a failure with a later entry queued: the parent posted if missing and the reply, no status",
      state([failed]),
      facts(assetEvent("asset.processing.failed", failed.assetId), { later: true }),
      {
        slack: {
          updateExisting: false,
          failureReply: { assetId: failed.assetId, record: true },
          verdict: null,
          mention: null,
        },
        status: null,
      },
    ],
    [
      "a stale failure: no reply",
      state([failed]),
      facts(assetEvent("asset.processing.failed", failed.assetId), { stale: true }),
      { slack: { failureReply: null } },
    ],
    [
      "a failure another entry already replied to: no second reply",
      { ...state([failed]), failureReplies: { [failed.assetId]: "e-0" } },
      facts(assetEvent("asset.processing.failed", failed.assetId)),
      { slack: { failureReply: null } },
    ],
    [
      "the same entry again after a crash: the reply again (claimed once), not recorded twice",
      { ...state([failed]), failureReplies: { [failed.assetId]: "e-1" } },
      facts(assetEvent("asset.processing.failed", failed.assetId)),
      { slack: { failureReply: { record: false } } },
    ],
    [
      "a failed submission of a mapped author: the mention, once per submission",
      state([failed], link({ author: "mona", assetCount: 1 })),
      facts(assetEvent("asset.processing.failed", failed.assetId)),
      { slack: { mention: { replyKey: "mention:s" } }, status: { status: { state: "error" } } },
    ],
    [
      "a parent already posted: its channel kept, not recorded again",
      { ...state([passed]), slackChannel: "CFIRST" },
      facts(assetEvent("asset.processing.completed", passed.assetId)),
      { slack: { channel: "CFIRST", recordChannel: false } },
    ],
    [
      "a final error from a failed asset: still watched (a retry of the asset may come)",
      state([failed], link({ assetCount: 1 })),
      facts(assetEvent("asset.processing.failed", failed.assetId)),
      { status: { status: { state: "error" } }, watch: "watch" },
    ],
    [
      "reconciliation gave up on the submission: the watch ends",
      { ...state([passed]), unresolved: { reason: "not-found", message: "gone" } },
      facts({
        kind: "submission.unresolved",
        submissionId: "s",
        reason: "not-found",
        message: "gone",
        source: "reconciliation",
      }),
      { watch: "unwatch" },
    ],
    [
      "a first final verdict: recorded as shown, no reply",
      state([passed], link({ assetCount: 1 })),
      facts(assetEvent("asset.processing.completed", passed.assetId)),
      { slack: { verdict: { shown: "success", record: true, reply: null } } },
    ],
    [
      "a final verdict shown already: nothing to record or say",
      { ...state([passed], link({ assetCount: 1 })), shownVerdict: "success" },
      facts(assetEvent("asset.processing.completed", passed.assetId)),
      { slack: { verdict: { shown: "success", record: false, reply: null } } },
    ],
    [
      "a later event turning a shown error into a success: the thread told once per entry",
      { ...state([passed], link({ assetCount: 1 })), shownVerdict: "error" },
      facts(assetEvent("asset.processing.completed", passed.assetId)),
      {
        slack: {
          verdict: {
            shown: "success",
            record: true,
            reply: {
              text: expect.stringMatching(/^Verdict changed \(was error\)/),
              replyKey: "verdict:e-1",
            },
          },
        },
      },
    ],
    [
      "reconciliation's own event of a pending submission: the watch's backoff left alone",
      state([passed]),
      facts(assetEvent("asset.processing.completed", passed.assetId, { source: "reconciliation" })),
      { watch: null },
    ],
  ])("%s", (_, folded, entry, expected) => {
    expect(planEntryEffects(folded, entry, TARGETS)).toMatchObject(expected);
  });

  it("repeats no status already set, and sets none without GitHub or a link", () => {
    const folded = state([passed]);
    const entry = facts(assetEvent("asset.processing.completed", passed.assetId));
    const first = planEntryEffects(folded, entry, TARGETS).status;
    expect(first).not.toBeNull();
    const again = { ...folded, lastStatus: first?.value ?? "" };
    expect(planEntryEffects(again, entry, TARGETS).status).toBeNull();
    expect(planEntryEffects(folded, entry, { ...TARGETS, github: false }).status).toBeNull();
    expect(planEntryEffects(state([passed], null), entry, TARGETS)).toMatchObject({
      status: null,
      watch: null,
      slack: { channel: "CDEFAULT" },
    });
  });

  it("derives the message, the mention and the status from one outcome", () => {
    const plan = planEntryEffects(
      state([failed], link({ author: "mona", assetCount: 1 })),
      facts(assetEvent("asset.processing.failed", failed.assetId)),
      TARGETS,
    );
    expect(plan.outcome.state).toBe("error");
    expect(plan.slack?.message.text).toContain(plan.outcome.label);
    expect(plan.slack?.mention?.text).toContain(plan.outcome.label);
    expect(plan.status?.status.state).toBe(plan.outcome.state);
  });
});
