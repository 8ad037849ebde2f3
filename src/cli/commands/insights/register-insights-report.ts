import { type Command, Option } from "commander";
import {
  fetchInsights,
  INSIGHTS_REPORT_FORMATS,
  postInsightsToSlack,
  renderInsightsReport,
  summarizeInsights,
} from "../../../insights/index.ts";
import { plural } from "../../../policy/index.ts";
import { type CommandContext, withExamples } from "../../command-context.ts";
import type { Session } from "../../create-session.ts";
import { writeOutputFile } from "../../write-output-file.ts";
import { baselineOption, daysOption, limitOption } from "./insight-options.ts";
import { type InsightsReportOptions, planInsightsReport } from "./plan-insights-report.ts";

async function writeReport(
  ctx: CommandContext,
  session: Session,
  options: InsightsReportOptions,
): Promise<void> {
  const plan = planInsightsReport(options, session.json, ctx.io.env.SLACK_TOKEN);
  const data = await fetchInsights(session.client(), plan.query);
  const text = renderInsightsReport(data, plan.format);
  // The report comes first, so a Slack failure never costs the report itself.
  if (plan.output !== null) await writeOutputFile(ctx.io.cwd, plan.output, text);
  else {
    session.progress.stop();
    ctx.io.stdout.write(text);
  }
  let slackTs: string | null = null;
  if (plan.slack !== null) {
    slackTs = await postInsightsToSlack(data, {
      ...plan.slack,
      ...(ctx.io.env.SLACK_API_URL ? { apiUrl: ctx.io.env.SLACK_API_URL } : {}),
    });
    session.note(`Posted the top figures to Slack channel ${plan.slack.channel}.`);
  }
  if (plan.output === null) return;
  const summary = { output: plan.output, format: plan.format, days: data.days };
  session.print(
    { ...summary, summary: summarizeInsights(data), slackTs },
    () =>
      `Wrote the ${plan.format} insights report for the last ${plural(data.days, "day")} to ${plan.output}.\n`,
  );
}

/** `insights report`: all four insights with charts, to stdout or a file, and to Slack. */
export function registerInsightsReport(insights: Command, ctx: CommandContext): void {
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
    .action((options: InsightsReportOptions, cmd: Command) =>
      ctx.run(cmd, (session) => writeReport(ctx, session, options)),
    );
  withExamples(report, [
    "content-review insights report --days 7 --format markdown --output report.md",
    'content-review insights report --days 7 >> "$GITHUB_STEP_SUMMARY"',
    "content-review insights report --days 30 --format html --output insights.html",
    "SLACK_TOKEN=xoxb-... content-review insights report --days 7 --output report.md --slack-channel C0123456789",
  ]);
}
