import { describe, expect, it } from "vitest";
import { routeChannel } from "../../../relay/config/slack-routes.ts";
import type { AttemptInfo } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import { createEntryProcessor } from "../../../relay/processing/process-entry.ts";
import type { AssetEvent, RelayEvent } from "../../../relay/relay-event.ts";
import { completedEvent, journalEntry as entry } from "../helpers/submission-builders.ts";

const ROUTES = [{ owner: "acme", repo: null, channel: "C0ACME" }];

/** The entry processor with an in-memory state and a Slack that records where things go. */
function harness() {
  const states = new Map<string, string>();
  const posts: { kind: "parent" | "reply"; channel: string | undefined; text: string }[] = [];
  const replyKeys = new Set<string>();
  const process = createEntryProcessor({
    journal: {
      loadState: async (id) => states.get(id) ?? null,
      saveState: async (id, json) => {
        states.set(id, json);
      },
      hasLaterEntries: async () => false,
    },
    slack: {
      destination: "Slack channel C0ALL and 1 route (slack.test)",
      channelFor: (repository) => routeChannel(ROUTES, repository, "C0ALL"),
      mentionFor: (login) => (login === "octocat" ? "U0OCTO" : null),
      upsertParent: async (_s, message, _c, o) => {
        posts.push({ kind: "parent", channel: o?.channel, text: JSON.stringify(message.blocks) });
        return "1.0001";
      },
      // Once per reply key, as the Slack relay's claim makes it (an entry's id by default).
      replyOnce: async (_s, _ts, text, c, o) => {
        const key = o?.replyKey ?? c.entryId;
        if (replyKeys.has(key)) return;
        replyKeys.add(key);
        posts.push({ kind: "reply", channel: o?.channel, text });
      },
    },
    github: null,
    enricher: null,
    githubApiUrl: "https://api.github.com",
    logger: createLogger("silent"),
  });
  return { process, posts };
}

const attempt = (): AttemptInfo => ({
  attempt: 1,
  isLast: true,
  signal: new AbortController().signal,
  deadline: Date.now() + 60_000,
});

const completed = (assetId: string, issueCount: number): AssetEvent =>
  completedEvent("s-1", assetId, issueCount);

const link = (assetCount: number): RelayEvent => ({
  kind: "link.registered",
  submissionId: "s-1",
  link: {
    submissionId: "s-1",
    repository: "acme/site",
    sha: "abcdef1",
    pullRequest: 4,
    context: "cr",
    assetCount,
    failOn: "major",
    author: "octocat",
  },
});

describe("createEntryProcessor: routes and mentions", () => {
  it("createEntryProcessor keeps a parent in the channel it was first posted to when a routed link comes later", async () => {
    const h = harness();
    // Unlinked at first: the default channel.
    await h.process(entry(completed("a-1", 0)), attempt());
    await h.process(entry(link(2)), attempt());
    await h.process(
      entry({
        ...completed("a-2", 0),
        kind: "asset.processing.failed",
        status: "failed",
        errorMessage: "x",
      }),
      attempt(),
    );
    expect(h.posts.map((p) => p.channel)).toEqual(["C0ALL", "C0ALL", "C0ALL", "C0ALL", "C0ALL"]);
  });

  it("createEntryProcessor mentions the author of a failing linked submission once it has failed, and no one before", async () => {
    const h = harness();
    await h.process(entry(link(2)), attempt());
    await h.process(entry(completed("a-1", 3)), attempt());
    expect(h.posts.map((p) => p.text).join("")).not.toContain("<@");
    await h.process(entry(completed("a-2", 0)), attempt());
    const mentions = h.posts.filter((p) => p.kind === "reply" && p.text.includes("<@U0OCTO>"));
    expect(mentions).toHaveLength(1);
    expect(mentions[0]?.channel).toBe("C0ACME");
    expect(h.posts.at(-2)?.text).toContain("<@U0OCTO>");
  });

  it("createEntryProcessor mentions once per submission, however many entries find it failed", async () => {
    const h = harness();
    const failed = (assetId: string): RelayEvent => ({
      ...completed(assetId, 0),
      kind: "asset.processing.failed",
      status: "failed",
      errorMessage: "decoder",
    });
    await h.process(entry(link(1)), attempt());
    await h.process(entry(failed("a-1")), attempt());
    // A late duplicate of the failure under another id, then a redelivered link.
    await h.process(entry(failed("a-1")), attempt());
    await h.process(entry(link(1)), attempt());
    const mentions = h.posts.filter((p) => p.kind === "reply" && p.text.includes("<@U0OCTO>"));
    expect(mentions).toHaveLength(1);
  });
});
