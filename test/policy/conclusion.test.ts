import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  CONCLUSION_BY_STATUS,
  CONCLUSION_LABELS,
  FAILING_CONCLUSIONS,
  type ReviewConclusion,
} from "../../src/policy/index.ts";

/** The conclusions table of docs/action.md: conclusion → whether the step passes or fails. */
async function documentedSteps(): Promise<Map<string, string>> {
  const doc = await readFile(new URL("../../docs/action.md", import.meta.url), "utf8");
  const section = doc.slice(doc.indexOf("### Conclusions"));
  const rows = [...section.matchAll(/^\| `([a-z_]+)` \| .* \| (passes|fails) \|$/gm)];
  return new Map(rows.map((row) => [row[1] as string, row[2] as string]));
}

describe("conclusion policy", () => {
  it("FAILING_CONCLUSIONS are exactly the conclusions docs/action.md says fail the step", async () => {
    const steps = await documentedSteps();
    expect(steps.size).toBe(Object.keys(CONCLUSION_LABELS).length);
    for (const [conclusion, step] of steps) {
      expect(FAILING_CONCLUSIONS.has(conclusion as ReviewConclusion), conclusion).toBe(
        step === "fails",
      );
    }
  });

  it("FAILING_CONCLUSIONS never holds a conclusion GitHub counts as passing a required check", () => {
    expect([...FAILING_CONCLUSIONS].sort()).toEqual([
      "action_required",
      "cancelled",
      "failure",
      "timed_out",
    ]);
  });

  it.each([
    ["budget-exceeded", "action_required"],
    ["timed-out", "timed_out"],
    ["cancelled", "cancelled"],
    ["submitted-no-wait", "pending"],
    ["nothing-to-review", "skipped"],
    ["error", "failure"],
  ] as const)("CONCLUSION_BY_STATUS: a run that ended %s concludes %s", (status, conclusion) => {
    expect(CONCLUSION_BY_STATUS[status]).toBe(conclusion);
  });

  // The words a reader goes by in a report heading or a chat headline: a label that said
  // "passed" for a failure would change the verdict a person sees.
  it.each([
    ["success", "✅", "passed"],
    ["failure", "❌", "failed"],
    ["action_required", "✋", "action required"],
    ["skipped", "⏭️", "skipped"],
    ["timed_out", "⏱️", "timed out"],
    ["cancelled", "🚫", "cancelled"],
    ["pending", "⏳", "pending"],
  ] as const)("CONCLUSION_LABELS: %s is marked %s and says %s", (conclusion, marker, word) => {
    const label = CONCLUSION_LABELS[conclusion];
    expect(label.startsWith(`${marker} `)).toBe(true);
    expect(label).toContain(word);
  });

  it("the policy tables cannot be changed at run time", () => {
    expect(Object.isFrozen(CONCLUSION_BY_STATUS)).toBe(true);
    expect(Object.isFrozen(CONCLUSION_LABELS)).toBe(true);
  });
});
