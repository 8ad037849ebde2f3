import { describe, expect, it } from "vitest";
import { resolveSidekicks } from "../../src/cli/shared-options.ts";
import { unknownVariablesHint } from "../../src/cli/unknown-variables-hint.ts";

describe("unknownVariablesHint", () => {
  it("names the CONTENT_REVIEW_ variables the CLI does not read, sorted, never their values", () => {
    const hint = unknownVariablesHint({
      CONTENT_REVIEW_SIDEKICK: "brand",
      CONTENT_REVIEW_BASEURL: "http://secret-host.example",
      CONTENT_REVIEW_API_KEY: "sk_live_x",
      HOME: "/home/someone",
    });
    expect(hint).toBe(
      " CONTENT_REVIEW_BASEURL, CONTENT_REVIEW_SIDEKICK are set, but the CLI reads only CONTENT_REVIEW_API_KEY, CONTENT_REVIEW_BASE_URL, CONTENT_REVIEW_SIDEKICKS: check the spelling.",
    );
    expect(hint).not.toContain("secret-host");
  });

  it("is empty when every such variable is one the CLI reads", () => {
    expect(unknownVariablesHint({ CONTENT_REVIEW_SIDEKICKS: "brand", PATH: "/bin" })).toBe("");
  });

  it("ends the message of a missing sidekick when the variable is misspelt", () => {
    expect(() => resolveSidekicks(undefined, { CONTENT_REVIEW_SIDEKICK: "brand" })).toThrow(
      "No sidekick given: every submission names at least one reviewer. Pass --sidekick ID (repeatable) or set CONTENT_REVIEW_SIDEKICKS=id1,id2. CONTENT_REVIEW_SIDEKICK is set, but the CLI reads only CONTENT_REVIEW_API_KEY, CONTENT_REVIEW_BASE_URL, CONTENT_REVIEW_SIDEKICKS: check the spelling.",
    );
  });
});
