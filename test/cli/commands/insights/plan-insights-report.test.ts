import { describe, expect, it } from "vitest";
import { planInsightsReport } from "../../../../src/cli/commands/insights/plan-insights-report.ts";

const base = { days: 7, format: "markdown" as const };

describe("planInsightsReport", () => {
  it("planInsightsReport refuses a Slack channel without SLACK_TOKEN, naming the variable", () => {
    expect(() => planInsightsReport({ ...base, slackChannel: "C1" }, false, undefined)).toThrow(
      /set SLACK_TOKEN/,
    );
  });

  it.each([
    [false, undefined, "markdown", null],
    [true, undefined, "json", null],
    [true, "r.md", "markdown", "r.md"],
    [false, "r.md", "markdown", "r.md"],
  ] as const)(
    "planInsightsReport with --json %s and --output %s renders %s",
    (json, output, format, out) => {
      const plan = planInsightsReport({ ...base, output }, json, undefined);
      expect(plan).toMatchObject({ format, output: out, slack: null });
    },
  );

  it("planInsightsReport passes only the parameters given, and the Slack target with its token", () => {
    expect(planInsightsReport(base, false, "xoxb-t").query).toEqual({ days: 7 });
    const plan = planInsightsReport(
      { ...base, baseline: 0, limit: 5, slackChannel: "C1" },
      false,
      "xoxb-t",
    );
    expect(plan.query).toEqual({ days: 7, manualBaselineSeconds: 0, limit: 5 });
    expect(plan.slack).toEqual({ channel: "C1", token: "xoxb-t" });
  });
});
