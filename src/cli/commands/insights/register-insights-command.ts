import type { Command } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import {
  registerDuration,
  registerTimeSaved,
  registerTopViolations,
  registerViolationRate,
} from "./register-insights-figures.ts";
import { registerInsightsReport } from "./register-insights-report.ts";

/** `insights time-saved|violation-rate|duration|top-violations|report` (parts 2.13, 4.13). */
export function registerInsightsCommand(program: Command, ctx: CommandContext): void {
  const insights = program
    .command("insights")
    .description("Workspace figures: time saved, violation rate, duration, top violations");
  withExamples(insights, [
    "content-review insights top-violations --days 30",
    "content-review insights report --days 7 --format html --output insights.html",
  ]);
  for (const register of [
    registerTimeSaved,
    registerViolationRate,
    registerDuration,
    registerTopViolations,
    registerInsightsReport,
  ]) {
    register(insights, ctx);
  }
}
