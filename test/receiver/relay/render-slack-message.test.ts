import { describe, expect, it } from "vitest";
import {
  escapeMrkdwn,
  renderFailureReply,
  renderSlackMessage,
  SLACK_LIMITS,
} from "../../../receiver/index.ts";
import type { SubmissionState } from "../../../receiver/relay/submission-state.ts";

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
  ])("escapes %s", (input, output) => {
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
    expect(text).toContain("In progress, 1/2 reviewed");
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

  it("stays within 50 blocks and 3000 characters a section, however many files", () => {
    const assets = Array.from({ length: 2000 }, (_, i) =>
      complete(i, `${"long-name-".repeat(10)}${i}.png`),
    );
    const message = renderSlackMessage(state(assets), null);
    expect(message.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
    for (const block of message.blocks) {
      if (block.type === "section")
        expect(block.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
    }
    expect(JSON.stringify(message.blocks.at(-1))).toMatch(/more files/);
  });

  it("renderFailureReply carries the escaped error message", () => {
    const reply = renderFailureReply({
      assetId: "a-1",
      status: "failed",
      filename: "clip.mp4",
      issueCount: null,
      counts: null,
      errorMessage: "Codec <unknown> & broken",
    });
    expect(reply).toContain("clip.mp4");
    expect(reply).toContain("Codec &lt;unknown&gt; &amp; broken");
  });
});
