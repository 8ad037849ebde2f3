// @ts-nocheck
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { reviewContent } from "../../../emulator/review/review-content.ts";

const base = {
  assetId: "8d0b1f3e-6c1a-4b8e-9a57-2f7e1d3c4b5a",
  sidekickIds: ["s1"],
  at: "2026-01-01T00:00:00.000Z",
};
/** Runs a synchronous call under a hang guard (milliseconds when linear, minutes when not). */
function withinBudget<T>(run: () => T): T {
  return runInNewContext("run()", { run }, { timeout: 5000 }) as T;
}
const text = (t: string) => reviewContent({ ...base, category: "text", facts: {}, pages: [t] });

describe("reviewContent", () => {
  it.each([
    ["Clinically proven results", "CLAIM_CLINICAL", "critical"],
    ["Satisfaction guaranteed", "CLAIM_GUARANTEE", "major"],
    ["The #1 brand", "CLAIM_NUMBER_ONE", "major"],
    ["Fastest in the world", "CLAIM_SUPERLATIVE", "major"],
    ["Try it risk-free", "CLAIM_RISK_FREE", "major"],
    ["It cures headaches", "HEALTH_CURE", "critical"],
    ["Get one free", "OFFER_FREE_NO_TERMS", "minor"],
    ["Now 20% off", "OFFER_DISCOUNT_NO_TERMS", "minor"],
    ["Act now!", "URGENCY_PRESSURE", "minor"],
    ["Mail jane@example.com", "PERSONAL_DATA_EMAIL", "info"],
  ])("flags %j as %s (%s)", (input, code, severity) => {
    const issues = text(input);
    expect(issues.map((i) => [i.ruleCode, i.severity])).toEqual([[code, severity]]);
  });

  it.each(["Secure checkout", "Get one free. Terms apply.", "A calm, factual description."])(
    "stays silent on %j",
    (input) => {
      expect(text(input)).toEqual([]);
    },
  );

  it.each([
    ["one long word", "a".repeat(200_000)],
    ["an @ before a long word", `x@${"a".repeat(200_000)}`],
  ])("finishes on %s (no catastrophic backtracking)", (_name, input) => {
    // Base64 or minified text is one long word. A backtracking e-mail pattern is quadratic on it
    // (minutes here) and blocks the emulator's event loop; this guard stops such a run.
    expect(withinBudget(() => text(input))).toEqual([]);
  });

  it("quotes an e-mail address without trailing punctuation", () => {
    const [issue] = text("Write to jane.doe+ads@mail.example.com.");
    expect(issue!.anchor).toMatchObject({ quote: "jane.doe+ads@mail.example.com" });
  });

  it("is deterministic and derives ids from asset and rule", () => {
    const a = text("guaranteed, guaranteed");
    const b = text("guaranteed, guaranteed");
    expect(a).toEqual(b);
    expect(new Set(a.map((i) => i.id)).size).toBe(2);
  });

  it("fills every field of part 2.5", () => {
    const [issue] = text("clinically proven");
    for (const field of [
      "id",
      "assetId",
      "summary",
      "severity",
      "status",
      "createdAt",
      "updatedAt",
      "referenceNumber",
      "ruleId",
      "ruleCode",
      "sidekickId",
      "sidekickName",
      "details",
      "severityReasoning",
      "severityReasoningHeadline",
      "precedents",
      "contributors",
      "resolutionRequirement",
      "anchor",
    ]) {
      expect(issue, field).toHaveProperty(field);
    }
    expect(issue!.anchor).toMatchObject({ type: "text", page: 1, quote: "clinically proven" });
  });

  it.each([
    ["video", { durationSeconds: 61, container: "mp4" }, ["MEDIA_VIDEO_LONG"]],
    ["video", { durationSeconds: 10, container: "matroska" }, ["MEDIA_VIDEO_CONTAINER"]],
    [
      "audio",
      { durationSeconds: 90, sampleRate: 8000 },
      ["MEDIA_AUDIO_LONG", "MEDIA_AUDIO_SAMPLE_RATE"],
    ],
    ["image", { width: 2000, height: 200 }, ["MEDIA_IMAGE_SMALL", "MEDIA_IMAGE_ASPECT"]],
    ["image", { width: 1200, height: 1200 }, []],
  ] as const)("checks %s metadata %j", (category, facts, codes) => {
    const issues = reviewContent({ ...base, category, facts, pages: [] });
    expect(issues.map((i) => i.ruleCode)).toEqual(codes);
  });
});
