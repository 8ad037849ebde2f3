import type { Command } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import {
  formatDuration,
  formatTimeSaved,
  formatTopViolations,
  formatViolationRate,
} from "../../views/format-insights.ts";
import { baselineOption, daysOption, limitOption } from "./insight-options.ts";

/** `insights time-saved`. */
export function registerTimeSaved(insights: Command, ctx: CommandContext): void {
  const timeSaved = insights
    .command("time-saved")
    .description("Review time saved against a manual baseline")
    .addOption(daysOption())
    .addOption(baselineOption())
    .action((options: { days?: number; baseline?: number }, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const insight = await session.client().getTimeSavedInsight({
          ...(options.days ? { days: options.days } : {}),
          ...(options.baseline !== undefined ? { manualBaselineSeconds: options.baseline } : {}),
        });
        session.print(insight, () => formatTimeSaved(insight));
      }),
    );
  withExamples(timeSaved, [
    "content-review insights time-saved",
    "content-review insights time-saved --days 90 --baseline 1200 --json",
  ]);
}

/** `insights violation-rate`: the endpoint takes no period (part 4.13); its days are cut here. */
export function registerViolationRate(insights: Command, ctx: CommandContext): void {
  const rate = insights
    .command("violation-rate")
    .description("Share of assets with at least one issue, per day")
    .addOption(daysOption())
    .action((options: { days?: number }, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const points = await session.client().getViolationRateInsight();
        const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
        const shown = options.days ? sorted.slice(-options.days) : sorted;
        session.print(shown, () => formatViolationRate(shown));
      }),
    );
  withExamples(rate, [
    "content-review insights violation-rate --days 14",
    "content-review insights violation-rate --json | jq 'map(.rate)'",
  ]);
}

/** `insights duration`. */
export function registerDuration(insights: Command, ctx: CommandContext): void {
  const duration = insights
    .command("duration")
    .description("Processing duration: average, p50 and p95")
    .action((_options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const insight = await session.client().getProcessingDurationInsight();
        session.print(insight, () => formatDuration(insight));
      }),
    );
  withExamples(duration, [
    "content-review insights duration",
    "content-review insights duration --json",
  ]);
}

/** `insights top-violations`. */
export function registerTopViolations(insights: Command, ctx: CommandContext): void {
  const top = insights
    .command("top-violations")
    .description("Rules ranked by how often they were violated")
    .addOption(daysOption())
    .addOption(limitOption())
    .action((options: { days?: number; limit?: number }, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const ranked = await session.client().getTopViolationsInsight({
          ...(options.days ? { days: options.days } : {}),
          ...(options.limit ? { limit: options.limit } : {}),
        });
        session.print(ranked, () => formatTopViolations(ranked));
      }),
    );
  withExamples(top, [
    "content-review insights top-violations",
    "content-review insights top-violations --days 30 --limit 5 --json",
  ]);
}
