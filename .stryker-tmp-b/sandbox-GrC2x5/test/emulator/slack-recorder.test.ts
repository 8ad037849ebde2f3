// @ts-nocheck
import { LogLevel, WebClient } from "@slack/web-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";

const CHANNEL = "C0123456789";
const quiet = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

/** Slack's own client, as the relay and the insights report use it, pointed at the emulator. */
function client(emu: EmulatorHandle, token = "xoxb-rehearsal-token"): WebClient {
  return new WebClient(token, {
    slackApiUrl: emu.slackApiUrl,
    retryConfig: { retries: 0 },
    logger: quiet,
  });
}

async function slackError(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return (error as { data?: { error?: string } }).data?.error ?? String(error);
  }
  throw new Error("expected Slack to refuse the call");
}

describe("the emulator's recording Slack Web API (emulator/slack)", () => {
  let emu: EmulatorHandle;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emu.close();
  });

  it("chat.postMessage with metadata, chat.update in place, a reply in the thread; GET /_emulator/slack/messages shows them", async () => {
    const slack = client(emu);
    const parent = await slack.chat.postMessage({
      channel: CHANNEL,
      text: "Review of 3 files",
      blocks: [{ type: "section", text: { type: "mrkdwn", text: "*Review* of 3 files" } }],
      metadata: {
        event_type: "content_review_submission",
        event_payload: { submission_id: "s-1" },
      },
    });
    expect(parent.ok).toBe(true);
    expect(parent.channel).toBe(CHANNEL);
    expect(parent.ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(parent.message?.text).toBe("Review of 3 files");
    const reply = await slack.chat.postMessage({
      channel: CHANNEL,
      text: "spot.mp4 failed",
      thread_ts: parent.ts!,
    });
    expect(Number(reply.ts)).toBeGreaterThan(Number(parent.ts));
    const updated = await slack.chat.update({
      channel: CHANNEL,
      ts: parent.ts!,
      text: "Review done",
    });
    expect(updated.ts).toBe(parent.ts);

    const view = (await (await fetch(`${emu.baseUrl}/_emulator/slack/messages`)).json()) as {
      messages: Record<string, unknown>[];
      calls: { method: string; ok: boolean }[];
    };
    const mine = view.messages.filter((m) => m.ts === parent.ts || m.ts === reply.ts);
    expect(mine).toEqual([
      expect.objectContaining({
        ts: parent.ts,
        threadTs: null,
        text: "Review done",
        // chat.update without blocks keeps them, as Slack does.
        blocks: [{ type: "section", text: { type: "mrkdwn", text: "*Review* of 3 files" } }],
        metadata: {
          event_type: "content_review_submission",
          event_payload: { submission_id: "s-1" },
        },
        updates: 1,
      }),
      expect.objectContaining({ ts: reply.ts, threadTs: parent.ts, text: "spot.mp4 failed" }),
    ]);
    expect(view.calls.map((c) => c.method)).toEqual(
      expect.arrayContaining(["chat.postMessage", "chat.update"]),
    );
  });

  it("conversations.history: newest first, metadata only with include_all_metadata, oldest and cursor pagination", async () => {
    const slack = client(emu);
    const channel = "C0HISTORY01";
    const posted: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await slack.chat.postMessage({
        channel,
        text: `message ${i}`,
        metadata: {
          event_type: "content_review_submission",
          event_payload: { submission_id: `s${i}` },
        },
      });
      posted.push(r.ts!);
    }
    const plain = await slack.conversations.history({ channel });
    expect(plain.messages?.map((m) => m.text)).toEqual([4, 3, 2, 1, 0].map((i) => `message ${i}`));
    expect(plain.messages?.[0]).not.toHaveProperty("metadata");

    // Two per page, from after the first message: 4 messages over 2 pages, with a cursor.
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await slack.conversations.history({
        channel,
        oldest: posted[0],
        limit: 2,
        include_all_metadata: true,
        ...(cursor ? { cursor } : {}),
      });
      pages += 1;
      for (const m of page.messages ?? []) {
        seen.push(
          String((m.metadata?.event_payload as Record<string, unknown>)?.["submission_id"]),
        );
      }
      cursor = page.response_metadata?.next_cursor || undefined;
      expect(page.has_more).toBe(cursor !== undefined);
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(["s4", "s3", "s2", "s1"]);
    expect(await slackError(slack.conversations.history({ channel, cursor: "bm9wZQ==" }))).toBe(
      "invalid_cursor",
    );
  });

  it("conversations.replies: the parent first, then its replies; thread_not_found for an unknown ts", async () => {
    const slack = client(emu);
    const channel = "C0REPLIES01";
    const parent = await slack.chat.postMessage({ channel, text: "parent" });
    for (const text of ["first", "second", "third"]) {
      await slack.chat.postMessage({
        channel,
        text,
        thread_ts: parent.ts!,
        metadata: { event_type: "content_review_asset_failed", event_payload: { reply_key: text } },
      });
    }
    const first = await slack.conversations.replies({
      channel,
      ts: parent.ts!,
      include_all_metadata: true,
      limit: 3,
    });
    expect(first.messages?.map((m) => m.text)).toEqual(["parent", "first", "second"]);
    expect(first.messages?.[1]?.metadata?.event_payload).toEqual({ reply_key: "first" });
    const rest = await slack.conversations.replies({
      channel,
      ts: parent.ts!,
      cursor: first.response_metadata!.next_cursor!,
    });
    expect(rest.messages?.map((m) => m.text)).toEqual(["third"]);
    expect(
      await slackError(slack.conversations.replies({ channel, ts: "1700000000.000001" })),
    ).toBe("thread_not_found");
  });

  it.each([
    [
      "51 blocks",
      { text: "x", blocks: Array.from({ length: 51 }, () => ({ type: "divider" })) },
      "invalid_blocks",
    ],
    [
      "a section over 3000 characters",
      {
        text: "x",
        blocks: [{ type: "section", text: { type: "mrkdwn", text: "a".repeat(3001) } }],
      },
      "invalid_blocks",
    ],
    [
      "a header in mrkdwn",
      { text: "x", blocks: [{ type: "header", text: { type: "mrkdwn", text: "hi" } }] },
      "invalid_blocks",
    ],
    ["an unknown block type", { text: "x", blocks: [{ type: "banner" }] }, "invalid_blocks"],
    ["no text and no blocks", { text: "" }, "no_text"],
    ["text over 40,000 characters", { text: "a".repeat(40_001) }, "msg_too_long"],
    [
      "metadata without event_payload",
      { text: "x", metadata: { event_type: "t" } },
      "invalid_metadata_format",
    ],
  ])("chat.postMessage refuses %s like Slack", async (_name, args, error) => {
    const slack = client(emu);
    expect(
      await slackError(slack.chat.postMessage({ channel: CHANNEL, ...(args as { text: string }) })),
    ).toBe(error);
  });

  it("refuses a bad token, a bad channel, an unknown message and an unknown method", async () => {
    expect(await slackError(client(emu, "not-a-slack-token").auth.test())).toBe("invalid_auth");
    const slack = client(emu);
    expect((await slack.auth.test()).bot_id).toBe("B0EMULATOR");
    expect(await slackError(slack.chat.postMessage({ channel: "general", text: "x" }))).toBe(
      "channel_not_found",
    );
    expect(
      await slackError(slack.chat.update({ channel: CHANNEL, ts: "1700000000.000001", text: "x" })),
    ).toBe("message_not_found");
    const res = await fetch(`${emu.slackApiUrl}chat.unfurl`, {
      method: "POST",
      headers: { authorization: "Bearer xoxb-1" },
    });
    expect(await res.json()).toEqual({
      ok: false,
      error: "unknown_method",
      req_method: "chat.unfurl",
    });
  });
});
