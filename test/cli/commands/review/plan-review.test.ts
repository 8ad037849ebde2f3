import { describe, expect, it } from "vitest";
import { isCliUsageError } from "../../../../src/cli/cli-usage-error.ts";
import { planReview, type ReviewOptions } from "../../../../src/cli/commands/review/plan-review.ts";

const base: ReviewOptions = {
  failOn: "critical",
  wait: true,
  format: "text",
  retryFailed: 2,
  concurrency: 4,
  timeout: 1800,
  pollInterval: 2,
  incremental: true,
};
const plain = { json: false, formatGiven: false };

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (isCliUsageError(error)) return error.problems.map((p) => p.input);
    throw error;
  }
  return [];
}

describe("planReview", () => {
  it.each([
    // json, --format given, format, --output: the report's format and where it goes
    [false, false, "text", undefined, "text", null],
    [true, false, "text", undefined, "json", null],
    [true, false, "sarif", "r.sarif", "sarif", "r.sarif"],
    [false, true, "junit", "r.xml", "junit", "r.xml"],
    [true, true, "json", undefined, "json", null],
    [false, false, "markdown", "", "markdown", null],
  ] as const)(
    "planReview with --json %s (--format given %s, %s, --output %s) renders %s to %s",
    (json, formatGiven, format, output, planned, out) => {
      const plan = planReview({ ...base, format, output }, { json, formatGiven });
      expect(plan.format).toBe(planned);
      expect(plan.output).toBe(out);
    },
  );

  it.each([
    [
      "--json with --format sarif and no --output",
      { format: "sarif" as const },
      true,
      true,
      ["--format"],
    ],
    ["--json with a default format", { format: "sarif" as const }, true, false, []],
    [
      "--json, --format sarif and --output",
      { format: "sarif" as const, output: "r" },
      true,
      true,
      [],
    ],
    ["--state with --no-wait", { state: "s.json", wait: false }, false, false, ["--state"]],
    ["--state with a wait", { state: "s.json" }, false, false, []],
    [
      "both contradictions",
      { format: "junit" as const, state: "s.json", wait: false },
      true,
      true,
      ["--format", "--state"],
    ],
  ])("planReview refuses %s naming %j", (_name, given, json, formatGiven, inputs) => {
    expect(problemsOf(() => planReview({ ...base, ...given }, { json, formatGiven }))).toEqual(
      inputs,
    );
  });

  it("planReview gives the pipeline its settings in milliseconds and the state file's reuse", () => {
    const plan = planReview(
      {
        ...base,
        maxCredits: 500,
        simulationDelay: 3,
        timeout: 60,
        pollInterval: 5,
        state: "s.json",
        incremental: false,
      },
      plain,
    );
    expect(plan.pipeline).toEqual({
      failOn: "critical",
      maxCredits: 500,
      wait: true,
      timeoutMs: 60_000,
      retryFailed: 2,
      uploadConcurrency: 4,
      simulationDelaySeconds: 3,
      poll: { initialIntervalMs: 5000 },
    });
    expect(plan).toMatchObject({ state: "s.json", reuse: false });
    expect(planReview(base, plain)).toMatchObject({ state: null, reuse: true });
  });
});
