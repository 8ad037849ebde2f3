// @ts-nocheck
import { type Command, Option } from "commander";
import {
  fetchInsights,
  INSIGHTS_REPORT_FORMATS,
  type InsightsReportFormat,
  postInsightsToSlack,
  renderInsightsReport,
  summarizeInsights,
} from "../../insights/index.ts";
import { CliUsageError } from "../cli-usage-error.ts";
import { type CommandContext, withExamples } from "../command-context.ts";
import { intInRange } from "../option-parsers.ts";
import {
  formatDuration,
  formatTimeSaved,
  formatTopViolations,
  formatViolationRate,
} from "../views/format-insights.ts";
import { writeOutputFile } from "../write-output-file.ts";

const daysOption = (fallback?: number) => {
  const option = new Option("--days <n>", "period in days, 1 to 365").argParser(intInRange(1, 365));
  return fallback === undefined ? option : option.default(fallback);
};
const baselineOption = () =>
  new Option("--baseline <seconds>", "manual review time per asset to compare with").argParser(
    intInRange(0),
  );
const limitOption = () =>
  new Option("--limit <n>", "how many rules to rank, 1 to 50").argParser(intInRange(1, 50));

/** `insights time-saved|violation-rate|duration|top-violations|report` (parts 2.13, 4.13). */
export function registerInsightsCommand(program: Command, ctx: CommandContext): void {
  const insights = program
    .command("insights")
    .description("Workspace figures: time saved, violation rate, duration, top violations");
  withExamples(insights, [
    "content-review insights top-violations --days 30",
    "content-review insights report --days 7 --format html --output insights.html",
  ]);

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

  const rate = insights
    .command("violation-rate")
    .description("Share of assets with at least one issue, per day")
    .addOption(daysOption())
    .action((options: { days?: number }, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const points = await session.client().getViolationRateInsight();
        // The endpoint takes no period (part 4.13); cut its days here.
        const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
        const shown = options.days ? sorted.slice(-options.days) : sorted;
        session.print(shown, () => formatViolationRate(shown));
      }),
    );
  withExamples(rate, [
    "content-review insights violation-rate --days 14",
    "content-review insights violation-rate --json | jq 'map(.rate)'",
  ]);

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

  const report = insights
    .command("report")
    .description("All four insights in one report with charts (mermaid in markdown, SVG in html)")
    .addOption(daysOption(7))
    .addOption(
      new Option(
        "--format <format>",
        "markdown (for GitHub summaries), html (offline page) or json",
      )
        .choices(INSIGHTS_REPORT_FORMATS)
        .default("markdown"),
    )
    .option("--output <file>", "write the report here instead of stdout")
    .addOption(baselineOption())
    .addOption(limitOption())
    .option(
      "--slack-channel <channel>",
      "also post the top figures to this Slack channel (token from $SLACK_TOKEN)",
    )
    .action(
      (
        options: {
          days: number;
          format: InsightsReportFormat;
          output?: string;
          baseline?: number;
          limit?: number;
          slackChannel?: string;
        },
        cmd: Command,
      ) =>
        ctx.run(cmd, async (session) => {
          const slackToken = ctx.io.env.SLACK_TOKEN;
          if (options.slackChannel && !slackToken) {
            throw new CliUsageError(
              "--slack-channel needs a Slack bot token with chat:write: set SLACK_TOKEN.",
              { input: "--slack-channel" },
            );
          }
          const data = await fetchInsights(session.client(), {
            days: options.days,
            ...(options.baseline !== undefined ? { manualBaselineSeconds: options.baseline } : {}),
            ...(options.limit ? { limit: options.limit } : {}),
          });
          const format: InsightsReportFormat =
            session.json && !options.output ? "json" : options.format;
          const text = renderInsightsReport(data, format);
          // The report comes first, so a Slack failure never costs the report itself.
          if (options.output) await writeOutputFile(ctx.io.cwd, options.output, text);
          else {
            session.progress.stop();
            ctx.io.stdout.write(text);
          }
          let slackTs: string | null = null;
          if (options.slackChannel && slackToken) {
            slackTs = await postInsightsToSlack(data, {
              token: slackToken,
              channel: options.slackChannel,
              ...(ctx.io.env.SLACK_API_URL ? { apiUrl: ctx.io.env.SLACK_API_URL } : {}),
            });
            session.note(`Posted the top figures to Slack channel ${options.slackChannel}.`);
          }
          if (!options.output) return;
          session.print(
            {
              output: options.output,
              format,
              days: data.days,
              summary: summarizeInsights(data),
              slackTs,
            },
            () =>
              `Wrote the ${format} insights report for the last ${data.days} days to ${options.output}.\n`,
          );
        }),
    );
  withExamples(report, [
    "content-review insights report --days 7 --format markdown --output report.md",
    'content-review insights report --days 7 >> "$GITHUB_STEP_SUMMARY"',
    "content-review insights report --days 30 --format html --output insights.html",
    "SLACK_TOKEN=xoxb-... content-review insights report --days 7 --output report.md --slack-channel C0123456789",
  ]);
}
