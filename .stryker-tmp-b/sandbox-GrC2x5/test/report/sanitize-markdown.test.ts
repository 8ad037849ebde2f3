// @ts-nocheck
import { describe, expect, it } from "vitest";
import { inlineCode, safeLink, sanitizeMarkdown } from "../../src/report/index.ts";

describe("sanitizeMarkdown", () => {
  it.each([
    ["<img src=x onerror=alert(1)>", "<img", "&lt;img src=x onerror=alert\\(1\\)&gt;"],
    ["[click](javascript:alert(1))", "](", "\\[click\\]\\(javascript:alert\\(1\\)\\)"],
    ["ping @octocat and @org/team", "@octocat", "ping @&#8203;octocat and @&#8203;org/team"],
    ["see #123 and owner/repo#45", "#123", "see #&#8203;123 and owner/repo#&#8203;45"],
    ["![x](https://evil.example/p.png)", "![", "\\!\\[x\\]\\(https://evil.example/p.png\\)"],
    ["a | b `c`", " | b", "a \\| b \\`c\\`"],
    ["a person's #1 & more", "&#&", "a person's #&#8203;1 &amp; more"],
  ])("sanitizeMarkdown defuses %j", (input, forbidden, expected) => {
    const out = sanitizeMarkdown(input);
    expect(out).toBe(expected);
    expect(out).not.toContain(forbidden);
  });

  it("sanitizeMarkdown inline collapses line breaks", () => {
    expect(sanitizeMarkdown("one\n\n## two", { inline: true })).toBe(
      "one #&#8203;# two".replace("#&#8203;#", "##"),
    );
  });
});

describe("safeLink", () => {
  it.each([
    ["https://example.com/a(b)", "t", "[t](https://example.com/a%28b%29)"],
    ["http://example.com", "t", "[t](http://example.com/)"],
    ["javascript:alert(1)", "t", "t"],
    ["data:text/html,hi", "t", "t"],
    ["not a url", "t", "t"],
  ])("safeLink(%j) allows only http(s) links", (url, label, expected) => {
    expect(safeLink(url, label)).toBe(expected);
  });
});

describe("inlineCode", () => {
  it.each([
    ["a.mp4", "`a.mp4`"],
    ["we`ird.mp4", "``we`ird.mp4``"],
    ["`x`", "`` `x` ``"],
  ])("inlineCode(%j) fences backticks", (input, expected) => {
    expect(inlineCode(input)).toBe(expected);
  });
});
