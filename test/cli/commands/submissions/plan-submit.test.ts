import { describe, expect, it } from "vitest";
import { planSubmit } from "../../../../src/cli/commands/submissions/plan-submit.ts";

describe("planSubmit", () => {
  it("planSubmit tags every asset only when tags are given, and sends the delay only when set", () => {
    expect(planSubmit(["a/x.mp4", "b/y.png"], ["s1"], {})).toEqual({
      body: { assets: [{ blobPath: "a/x.mp4" }, { blobPath: "b/y.png" }], sidekickIds: ["s1"] },
      query: {},
    });
    const tag = { key: "campaign", value: "spring" };
    expect(planSubmit(["a/x.mp4"], ["s1"], { tag: [tag], simulationDelay: 0 })).toEqual({
      body: { assets: [{ blobPath: "a/x.mp4", tags: [tag] }], sidekickIds: ["s1"] },
      query: { simulationDelaySeconds: 0 },
    });
  });
});
