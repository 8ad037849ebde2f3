import { describe, expect, it } from "vitest";
import { unknownVariablesWarning } from "../../src/cli/unknown-variables-warning.ts";
import { envFor, runCli } from "./cli-harness.ts";

describe("unknownVariablesWarning", () => {
  it("names the CONTENT_REVIEW_ variables the CLI does not read, sorted, never their values", () => {
    const warning = unknownVariablesWarning({
      CONTENT_REVIEW_SIDEKICK: "brand",
      CONTENT_REVIEW_BASEURL: "http://secret-host.example",
      CONTENT_REVIEW_API_KEY: "sk_live_x",
      HOME: "/home/someone",
    });
    expect(warning).toBe(
      "content-review: warning: CONTENT_REVIEW_BASEURL, CONTENT_REVIEW_SIDEKICK are set but not read (ignored): the CLI reads only CONTENT_REVIEW_API_KEY, CONTENT_REVIEW_BASE_URL, CONTENT_REVIEW_SIDEKICKS, and takes every other setting as a flag; check the spelling.\n",
    );
    expect(warning).not.toContain("secret-host");
  });

  it("suggests the flag of a variable named after one of the command's options", () => {
    expect(
      unknownVariablesWarning({ CONTENT_REVIEW_FAIL_ON: "major" }, ["--fail-on", "--format"]),
    ).toContain("CONTENT_REVIEW_FAIL_ON is set but not read (ignored)");
    expect(
      unknownVariablesWarning({ CONTENT_REVIEW_FAIL_ON: "major" }, ["--fail-on", "--format"]),
    ).toContain("Pass --fail-on instead.");
  });

  it("is null when every such variable is one the CLI reads", () => {
    expect(unknownVariablesWarning({ CONTENT_REVIEW_SIDEKICKS: "brand", PATH: "/bin" })).toBeNull();
  });
});

describe("content-review warns about an unread CONTENT_REVIEW_ variable on every run", () => {
  it.each([
    [["status", "0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e"]],
    [["review", "nowhere/", "--sidekick", "brand-safety"]],
  ])("%j warns about CONTENT_REVIEW_FAIL_ON, whatever else happens", async (argv) => {
    const res = await runCli(argv, {
      env: {
        ...envFor({ baseUrl: "http://127.0.0.1:1" }, `sk_live_${"a".repeat(64)}`),
        CONTENT_REVIEW_FAIL_ON: "major",
      },
    });
    expect(res.stderr).toContain(
      "content-review: warning: CONTENT_REVIEW_FAIL_ON is set but not read (ignored)",
    );
    expect(res.stderr).not.toContain("major");
  });
});
