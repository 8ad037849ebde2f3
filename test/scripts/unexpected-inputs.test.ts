import { describe, expect, it } from "vitest";
import { unexpectedInputs } from "../../scripts/try-action/unexpected-inputs.ts";

describe("unexpectedInputs", () => {
  const valid = ["api-key", "fail-on", "comment"];
  it.each([
    [["fail-on"], undefined],
    [["FAIL-ON", "Comment"], undefined],
    [[], undefined],
    [
      ["fial-on"],
      "Unexpected input(s) 'fial-on', valid inputs are ['api-key', 'fail-on', 'comment']",
    ],
    [
      ["fial-on", "comment", "sandbx"],
      "Unexpected input(s) 'fial-on', 'sandbx', valid inputs are ['api-key', 'fail-on', 'comment']",
    ],
  ])("%j gives %j", (given, warning) => {
    expect(unexpectedInputs(given, valid)).toBe(warning);
  });
});
