import { afterEach, describe, expect, it } from "vitest";
import { createChannelPacer } from "../../../relay/destinations/channel-pacer.ts";
import { createSlackRelay } from "../../../relay/destinations/slack-relay.ts";
import type { Journal } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import { type FakeSlack, startFakeSlack } from "../../fakes/fake-slack.ts";
import { attemptContext, memoryJournal } from "../helpers/effect-context.ts";

const TOKEN = "xoxb-slack-routes-test";
const message = { text: "Content review", blocks: [] };

let slack: FakeSlack | undefined;
let journal: Journal | undefined;
afterEach(async () => {
  await slack?.close();
  await journal?.close(0);
});

describe("createSlackRelay with routes", () => {
  it("createSlackRelay routes by repository, keeps replies in the parent's channel and paces each channel on its own", async () => {
    slack = await startFakeSlack({ token: TOKEN });
    journal = memoryJournal();
    // A frozen clock: every wait the pacer asks for is recorded, none is slept.
    const waits: number[] = [];
    const pacer = createChannelPacer(
      1000,
      () => 0,
      async (ms) => {
        waits.push(ms);
      },
    );
    const relay = createSlackRelay({
      token: TOKEN,
      channel: "C0ALL",
      routes: [
        { owner: "acme", repo: "site", channel: "C0SITE" },
        { owner: "acme", repo: null, channel: "C0ACME" },
      ],
      mentions: new Map([["octocat", "U0OCTO"]]),
      apiUrl: slack.apiUrl,
      pacer,
      effects: journal,
      logger: createLogger("silent"),
    });
    expect(relay.channelFor("Acme/Site")).toBe("C0SITE");
    expect(relay.channelFor("acme/docs")).toBe("C0ACME");
    expect(relay.channelFor("other/site")).toBe("C0ALL");
    expect(relay.channelFor(null)).toBe("C0ALL");
    expect(relay.mentionFor("OctoCat")).toBe("U0OCTO");
    expect(relay.mentionFor("hubot")).toBeNull();
    expect(relay.destination).toBe(
      `Slack channel C0ALL and 2 routes (${new URL(slack.apiUrl).host})`,
    );

    const site = await relay.upsertParent("s-1", message, attemptContext(), { channel: "C0SITE" });
    // Another channel's first post does not wait behind C0SITE's.
    await relay.upsertParent("s-2", message, attemptContext(), { channel: "C0ACME" });
    expect(waits).toEqual([]);
    await relay.replyOnce("s-1", site, "a reply", attemptContext(), { channel: "C0SITE" });
    expect(waits).toEqual([1000]);

    expect(
      slack.messages.map((m) => [m.channel, m.threadTs === null ? "parent" : "reply"]),
    ).toEqual([
      ["C0SITE", "parent"],
      ["C0ACME", "parent"],
      ["C0SITE", "reply"],
    ]);
  });
});
