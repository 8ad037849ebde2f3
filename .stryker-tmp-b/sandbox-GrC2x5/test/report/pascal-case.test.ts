// @ts-nocheck
import { describe, expect, it } from "vitest";
import { pascalCase } from "../../src/report/pascal-case.ts";

/** Microsoft's SARIF validator (SARIF2012): capital, then lower-case letters or digits, per word. */
const PASCAL = /^(\p{Lu}[\p{Ll}\p{Nd}]+)+$/u;

describe("pascalCase", () => {
  it.each([
    ["Unqualified guarantee", "UnqualifiedGuarantee"],
    ["CLAIM_RISK_FREE", "ClaimRiskFree"],
    ["Risk-free claim", "RiskFreeClaim"],
    ["E-mail address in the creative", "EmailAddressInTheCreative"],
    ["Video longer than 60 s", "VideoLongerThan60s"],
    ["Image below 600 px", "ImageBelow600Px"],
    ["content-review", "ContentReview"],
    ["Ünterschied à la carte", "ÜnterschiedÀlaCarte"],
  ])("pascalCase(%j) is %j, a SARIF friendly name", (text, expected) => {
    expect(pascalCase(text)).toBe(expected);
    expect(expected).toMatch(PASCAL);
  });

  it("pascalCase of nothing but punctuation is empty", () => {
    expect(pascalCase(" -_- ")).toBe("");
  });
});
