import { describe, expect, it } from "vitest";
import { parseSubmissionLink } from "../../relay/relay-event.ts";

const LINK = { submissionId: "sub_1", repository: "octo/media", sha: "abcdef1" };

describe("parseSubmissionLink author", () => {
  it.each([
    "octocat",
    "a",
    "octo-cat-2",
    "x".repeat(39),
    "dependabot[bot]",
    // Enterprise Managed Users: the handle, `_` and the enterprise's short code.
    "mona_octocorp",
    "mona-lisa_octocorp",
  ])("accepts the GitHub login %j", (author) => {
    const parsed = parseSubmissionLink({ ...LINK, author });
    expect(parsed.ok && parsed.link.author).toBe(author);
  });

  it.each([
    ["too long", "x".repeat(40)],
    ["a double hyphen", "octo--cat"],
    ["a leading hyphen", "-octocat"],
    ["a trailing hyphen", "octocat-"],
    ["a leading underscore", "_octocat"],
    ["a trailing underscore", "octocat_"],
    ["two underscores", "mona_octo_corp"],
    ["an underscore, too long", `${"x".repeat(30)}_octocorp1`],
    ["a dot", "octo.cat"],
    ["a space", "octo cat"],
    ["empty", ""],
    ["Slack mrkdwn (a mention)", "<@U0123>"],
    ["Slack mrkdwn (a broadcast)", "<!channel>"],
    ["a bot suffix alone", "[bot]"],
    ["not a string", 42],
  ])(
    "drops an author with %s, and keeps the link (its status matters more than a mention)",
    (_why, author) => {
      const parsed = parseSubmissionLink({ ...LINK, author });
      expect(parsed.ok).toBe(true);
      expect(parsed.ok && parsed.link.author).toBeNull();
      expect(parsed.ok && parsed.link.repository).toBe("octo/media");
    },
  );

  it("leaves the author out when none is given", () => {
    const parsed = parseSubmissionLink(LINK);
    expect(parsed.ok && parsed.link.author).toBeNull();
  });
});
