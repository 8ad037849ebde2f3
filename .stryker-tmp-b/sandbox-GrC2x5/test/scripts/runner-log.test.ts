// @ts-nocheck
import { describe, expect, it } from "vitest";
import { createRunnerLog } from "../../scripts/try-action/runner-log.ts";

describe("createRunnerLog: an Action's stdout as a runner shows it", () => {
  it.each([
    ["a plain line", "Uploading 1/2 a.png", "Uploading 1/2 a.png"],
    ["::debug:: (hidden without step debug)", "::debug::Search path '/w'", null],
    ["::error::", "::error::Review failed.", "Error: Review failed."],
    [
      "::error with properties::",
      "::error file=a.png,line=1::Critical claim",
      "Error: Critical claim",
    ],
    ["::warning::", "::warning::No checks: write", "Warning: No checks: write"],
    ["::notice::", "::notice::Skipped", "Notice: Skipped"],
    ["::group::", "::group::Upload", "▸ Upload"],
    ["::endgroup::", "::endgroup::", null],
  ])("%s", (_name, raw, shown) => {
    expect(createRunnerLog().show(raw)).toBe(shown);
  });

  it("::add-mask:: hides the value from then on, in every line and command", () => {
    const log = createRunnerLog();
    expect(log.show("::add-mask::sk_live_secret")).toBeNull();
    expect(log.show("key sk_live_secret in a line")).toBe("key *** in a line");
    expect(log.show("::error::bad sk_live_secret")).toBe("Error: bad ***");
  });

  it("shows ::debug:: lines with step debugging on", () => {
    expect(createRunnerLog({ debug: true }).show("::debug::x")).toBe("##[debug]x");
  });
});
