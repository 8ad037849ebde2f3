import { describe, expect, it } from "vitest";
import {
  escapeMrkdwn,
  renderFailureReply,
  renderSlackMessage,
  SLACK_LIMITS,
} from "../../../relay/index.ts";
import type { SubmissionState } from "../../../relay/submission/submission-state.ts";
import { failedAsset } from "../helpers/submission-builders.ts";

function state(
  assets: SubmissionState["assets"],
  link: SubmissionState["link"] = null,
): SubmissionState {
  return { submissionId: "sub-1", assets, link };
}

const complete = (i: number, name = `file-${i}.png`) => ({
  assetId: `a-${i}`,
  status: "complete",
  filename: name,
  issueCount: 1,
  counts: { critical: 0, major: 1, minor: 0, info: 0, other: 0 },
  errorMessage: null,
});

describe("escapeMrkdwn", () => {
  it.each([
    ["<!channel>", "&lt;!channel&gt;"],
    ["<@U123ABC>", "&lt;@U123ABC&gt;"],
    ["a & b", "a &amp; b"],
    ["<https://evil|click>", "&lt;https://evil|click&gt;"],
    ["nul \u0000 bell \u0007 del \u007f", "nul \ufffd bell \ufffd del \ufffd"],
    ["half \ud800 pair \udc00 whole 😀", "half \ufffd pair \ufffd whole 😀"],
    ["line\nbreak\ttab", "line\nbreak\ttab"],
  ])("escapes %j", (input, output) => {
    expect(escapeMrkdwn(input)).toBe(output);
  });
});

describe("renderSlackMessage", () => {
  it("shows status, severity counts, files and the pull request", () => {
    const message = renderSlackMessage(
      state([complete(1)], {
        submissionId: "sub-1",
        repository: "acme/site",
        sha: "abcdef1",
        pullRequest: 9,
        context: "content-review",
        assetCount: 2,
        failOn: "major",
      }),
      "https://github.com/acme/site/pull/9",
    );
    const text = JSON.stringify(message.blocks);
    expect(text).toContain("⏳ *Submitted, results pending* · 1/2 assets reviewed");
    expect(text).toContain("1 major");
    expect(text).toContain("file-1.png");
    expect(text).toContain("<https://github.com/acme/site/pull/9|acme/site#9>");
  });

  it("escapes service text so nobody is pinged", () => {
    const message = renderSlackMessage(state([complete(1, "<!channel> <@U1>.png")]), null);
    const text = JSON.stringify(message);
    expect(text).not.toContain("<!channel>");
    expect(text).not.toContain("<@U1>");
    expect(text).toContain("&lt;!channel&gt;");
  });

  it("stays within 50 blocks, 3000 characters a section and the message's text budget, however many files", () => {
    const assets = Array.from({ length: 2000 }, (_, i) =>
      complete(i, `${"long-name-".repeat(10)}${i}.png`),
    );
    const message = renderSlackMessage(state(assets), null);
    expect(message.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
    let total = 0;
    for (const block of message.blocks) {
      if (block.type === "section") {
        expect(block.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
        total += block.text.text.length;
      }
    }
    expect(total).toBeLessThanOrEqual(SLACK_LIMITS.messageBlocksText);
    expect(JSON.stringify(message.blocks.at(-1))).toMatch(/more files/);
  });

  it("renderFailureReply carries the escaped error message", () => {
    const reply = renderFailureReply(failedAsset("Codec <unknown> & broken"));
    expect(reply).toContain("clip.mp4");
    expect(reply).toContain("Codec &lt;unknown&gt; &amp; broken");
  });

  it("renderFailureReply cuts a 20,000-character error to one section, never inside an entity", () => {
    const errorMessage = `${"a <b> & c ".repeat(2000)}`;
    const reply = renderFailureReply(failedAsset(errorMessage));
    expect(reply.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
    expect(reply.endsWith("…")).toBe(true);
    expect(reply).not.toMatch(/&[a-z]{0,3}…$/);
    expect(reply).not.toContain("<b>");
  });

  it("cuts a long status and error on the asset lines", () => {
    const message = renderSlackMessage(
      state([
        { ...complete(1), status: "s".repeat(500) },
        {
          ...complete(2),
          status: "failed",
          counts: null,
          issueCount: null,
          errorMessage: "e".repeat(20_000),
        },
      ]),
      null,
    );
    const text = JSON.stringify(message.blocks);
    expect(text).not.toContain("s".repeat(51));
    expect(text).not.toContain("e".repeat(301));
    expect(message.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fallbackText);
  });
});
