import { describe, expect, it } from "vitest";
import type { CommitStatus } from "../../../relay/destinations/compute-commit-status.ts";
import type { AttemptInfo } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import type { Enricher } from "../../../relay/processing/enricher.ts";
import { createEntryProcessor } from "../../../relay/processing/process-entry.ts";
import type { AssetEvent, RelayEvent } from "../../../relay/relay-event.ts";
import { completedEvent, journalEntry as entry } from "../helpers/submission-builders.ts";

function harness(
  options: { enricher?: Enricher | null; later?: boolean; githubDown?: boolean } = {},
) {
  const states = new Map<string, string>();
  /** Reconciliation's watch, as calls: `watch s-1` or `unwatch s-1`. */
  const watched: string[] = [];
  const parents: { submissionId: string; update: boolean }[] = [];
  const replies: string[] = [];
  const replyTexts: string[] = [];
  const statuses: CommitStatus[] = [];
  const process = createEntryProcessor({
    journal: {
      loadState: async (id) => states.get(id) ?? null,
      saveState: async (id, json) => {
        states.set(id, json);
      },
      hasLaterEntries: async () => options.later ?? false,
    },
    slack: {
      destination: "Slack channel C1 (slack.test)",
      channelFor: () => "C1",
      mentionFor: () => null,
      upsertParent: async (submissionId, _message, _context, o) => {
        parents.push({ submissionId, update: o?.updateExisting !== false });
        return "1.0001";
      },
      replyOnce: async (_s, _ts, text, context) => {
        replies.push(context.entryId);
        replyTexts.push(text);
      },
    },
    github: {
      destination: "GitHub commit statuses (github.test)",
      setStatus: async (_submission, _repo, _sha, status) => {
        if (options.githubDown === true) throw new Error("GitHub is down");
        statuses.push(status);
      },
    },
    enricher: options.enricher ?? null,
    githubApiUrl: "https://api.github.com",
    logger: createLogger("silent"),
    watch: {
      journal: {
        watchVerdict: async (id) => void watched.push(`watch ${id}`),
        unwatchVerdict: async (id) => void watched.push(`unwatch ${id}`),
      },
      afterMs: 600_000,
    },
  });
  return { process, parents, replies, replyTexts, statuses, watched };
}

/** Attempt `attempt` of `last` on an entry, with a far deadline. */
const attempt = (n = 1, isLast = true): AttemptInfo => ({
  attempt: n,
  isLast,
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
});

const completed = (assetId: string, issueCount = 0): AssetEvent =>
  completedEvent("s-1", assetId, issueCount);

const link: RelayEvent = {
  kind: "link.registered",
  submissionId: "s-1",
  link: {
    submissionId: "s-1",
    repository: "acme/site",
    sha: "abcdef1",
    pullRequest: 4,
    context: "cr",
    assetCount: 1,
    failOn: "major",
  },
};

describe("createEntryProcessor", () => {
  it("relays a completed asset to Slack and the linked commit", async () => {
    const h = harness();
    await h.process(entry(link), attempt());
    await h.process(entry(completed("a-1")), attempt());
    expect(h.parents).toEqual([{ submissionId: "s-1", update: true }]);
    expect(h.statuses.at(-1)).toMatchObject({
      state: "success",
      targetUrl: "https://github.com/acme/site/pull/4",
    });
  });

  it("skips the in-between update and status while a later entry of the submission waits", async () => {
    const h = harness({ later: true });
    await h.process(entry(link), attempt());
    await h.process(entry(completed("a-1")), attempt());
    expect(h.parents).toEqual([]);
    expect(h.statuses).toEqual([]);
  });

  it("still posts a failure reply while a later entry waits, without updating the parent", async () => {
    const h = harness({ later: true });
    const failed = entry({
      ...completed("a-2"),
      kind: "asset.processing.failed",
      status: "failed",
      errorMessage: "x",
    });
    await h.process(failed, attempt());
    expect(h.parents).toEqual([{ submissionId: "s-1", update: false }]);
    expect(h.replies).toEqual([failed.id]);
  });

  it("retries when enrichment fails, and relays without it on the last attempt", async () => {
    const enricher: Enricher = {
      assetDetails: async () => {
        throw new Error("API down");
      },
    };
    const h = harness({ enricher });
    const e = entry(completed("a-3", 2));
    await expect(h.process(e, attempt(1, false))).rejects.toThrow("API down");
    expect(h.parents).toEqual([]);
    await h.process(e, attempt(8, true));
    expect(h.parents).toHaveLength(1);
  });

  it("uses the severities the enricher reads", async () => {
    const enricher: Enricher = {
      assetDetails: async () => ({
        filename: "x.png",
        counts: { critical: 0, major: 0, minor: 1, info: 0, other: 0 },
      }),
    };
    const h = harness({ enricher });
    await h.process(entry(link), attempt());
    await h.process(entry(completed("a-4", 1)), attempt());
    expect(h.statuses.at(-1)).toMatchObject({
      state: "success",
      description: expect.stringContaining("1 minor"),
    });
  });

  it("gives the enricher the attempt's abort signal and stops when it aborts", async () => {
    const signals: AbortSignal[] = [];
    const enricher: Enricher = {
      assetDetails: (_s, _a, _c, signal) =>
        new Promise((_resolve, reject) => {
          signals.push(signal);
          signal.addEventListener("abort", () => reject(signal.reason));
        }),
    };
    const h = harness({ enricher });
    const controller = new AbortController();
    const running = h.process(entry(completed("a-5")), {
      ...attempt(8, true),
      signal: controller.signal,
    });
    while (signals.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error("deadline"));
    // Even on the last attempt an aborted one relays nothing without its details.
    await expect(running).rejects.toThrow("deadline");
    expect(signals).toEqual([controller.signal]);
    expect(h.parents).toEqual([]);
  });

  it("createEntryProcessor watches a linked submission until its verdict is final; reconciliation's own events leave its check alone", async () => {
    const h = harness();
    const two = {
      ...link,
      link: { ...(link as { link: object }).link, assetCount: 2 },
    } as RelayEvent;
    await h.process(entry(two), attempt());
    await h.process(entry({ ...completed("a-1"), source: "reconciliation" }), attempt());
    await h.process(entry(completed("a-1")), attempt());
    await h.process(entry(completed("a-2")), attempt());
    expect(h.watched).toEqual(["watch s-1", "watch s-1", "unwatch s-1"]);
  });

  it("createEntryProcessor watches a link before its first status: a status that fails leaves it watched", async () => {
    const h = harness({ githubDown: true });
    await expect(h.process(entry(link), attempt())).rejects.toThrow("GitHub is down");
    expect(h.watched).toEqual(["watch s-1"]);
  });

  it("createEntryProcessor never watches an unlinked submission", async () => {
    const h = harness();
    await h.process(entry(completed("a-1")), attempt());
    expect(h.watched).toEqual([]);
  });

  it("createEntryProcessor: a retried asset's later success changes a final error in the status, the parent and a thread reply; watched while an asset has failed", async () => {
    const h = harness();
    const failed: AssetEvent = {
      ...completed("a-1"),
      kind: "asset.processing.failed",
      status: "failed",
      occurredAt: "2026-01-01T00:00:00.000Z",
    };
    await h.process(entry(link), attempt());
    await h.process(entry(failed), attempt());
    expect(h.statuses.at(-1)?.state).toBe("error");
    const retried = entry({ ...completed("a-1"), occurredAt: "2026-01-01T00:05:00.000Z" });
    await h.process(retried, attempt());
    expect(h.statuses.map((st) => st.state)).toEqual(["pending", "error", "success"]);
    expect(h.parents.at(-1)).toEqual({ submissionId: "s-1", update: true });
    expect(h.replyTexts.at(-1)).toMatch(/^Verdict changed \(was error\): ✅ passed: /);
    expect(h.replies.at(-1)).toBe(retried.id);
    // The final error kept it watched (a retry could come); the success ends that.
    expect(h.watched).toEqual(["watch s-1", "watch s-1", "unwatch s-1"]);
    // A redelivery of the success changes nothing more.
    await h.process(retried, attempt());
    expect(h.replyTexts.filter((t) => t.startsWith("Verdict changed"))).toHaveLength(1);
  });

  it("createEntryProcessor posts an asset's failure reply once, whichever entry reports it first", async () => {
    const h = harness();
    const failed: AssetEvent = {
      ...completed("a-1"),
      kind: "asset.processing.failed",
      status: "failed",
    };
    await h.process(entry(link), attempt());
    const reconciled = entry({ ...failed, source: "reconciliation" });
    await h.process(reconciled, attempt());
    // The late webhook, then a redelivery of the first entry.
    await h.process(entry(failed), attempt());
    await h.process(reconciled, attempt());
    expect(h.replies).toEqual([reconciled.id, reconciled.id]);
    expect(h.statuses.filter((st) => st.state === "error")).toHaveLength(1);
  });

  const at = (assetId: string, kind: "completed" | "failed", time: string | null): RelayEvent => ({
    ...completed(assetId),
    ...(kind === "failed"
      ? {
          kind: "asset.processing.failed",
          status: "failed",
          errorMessage: "decoder",
          issueCount: null,
        }
      : {}),
    occurredAt: time,
  });

  it.each([
    {
      name: "the failure first, then the later success",
      order: ["failed", "completed"] as const,
      // The failure's reply, then the verdict's change (error to passed).
      replies: 2,
    },
    {
      name: "the later success first, then the older failure (stale)",
      order: ["completed", "failed"] as const,
      replies: 0,
    },
  ])(
    "never moves a submission backwards, by the events' own times: $name",
    async ({ order, replies }) => {
      const times = { failed: "2026-11-27T10:00:00.000Z", completed: "2026-11-27T10:05:00.000Z" };
      const h = harness();
      await h.process(entry(link), attempt());
      for (const kind of order) await h.process(entry(at("a-9", kind, times[kind])), attempt());
      expect(h.statuses.at(-1)).toMatchObject({ state: "success" });
      expect(h.statuses.map((s) => s.state).slice(-1)).toEqual(["success"]);
      expect(h.replies).toHaveLength(replies);
    },
  );

  it("applies events without a time, or with the same one, in arrival order", async () => {
    const h = harness();
    await h.process(entry(link), attempt());
    await h.process(entry(at("a-10", "completed", null)), attempt());
    await h.process(entry(at("a-10", "failed", null)), attempt());
    expect(h.statuses.at(-1)).toMatchObject({ state: "error" });
    const same = "2026-11-27T10:00:00.000Z";
    await h.process(entry(at("a-10", "completed", same)), attempt());
    await h.process(entry(at("a-10", "failed", same)), attempt());
    expect(h.statuses.at(-1)).toMatchObject({ state: "error" });
  });

  it("a stale event still brings the status up to date when the entry before it skipped that", async () => {
    const times = { failed: "2026-11-27T10:00:00.000Z", completed: "2026-11-27T10:05:00.000Z" };
    const queue = { later: true };
    const h = harness(queue);
    await h.process(entry(link), attempt());
    // The success skips its status: the stale failure waits behind it.
    await h.process(entry(at("a-11", "completed", times.completed)), attempt());
    expect(h.statuses).toEqual([]);
    queue.later = false;
    await h.process(entry(at("a-11", "failed", times.failed)), attempt());
    expect(h.statuses.map((s) => s.state)).toEqual(["success"]);
    expect(h.replies).toEqual([]);
  });
});
