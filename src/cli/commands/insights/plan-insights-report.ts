import type { InsightsReportFormat } from "../../../insights/index.ts";
import { CliUsageError } from "../../cli-usage-error.ts";

/** The options `insights report` takes. */
export interface InsightsReportOptions {
  readonly days: number;
  readonly format: InsightsReportFormat;
  readonly output?: string | undefined;
  readonly baseline?: number | undefined;
  readonly limit?: number | undefined;
  readonly slackChannel?: string | undefined;
}

/** What `insights report` will do, decided before any request. */
export interface InsightsReportPlan {
  readonly query: { days: number; manualBaselineSeconds?: number; limit?: number };
  readonly format: InsightsReportFormat;
  /** The file to write, or null for stdout. */
  readonly output: string | null;
  /** The Slack channel and token to post the top figures with, or null. */
  readonly slack: { readonly channel: string; readonly token: string } | null;
}

/**
 * Decides `insights report` from its options, `--json` and the environment. `--json` without
 * `--output` prints the JSON report itself; a Slack channel without a token is refused up front.
 */
export function planInsightsReport(
  options: InsightsReportOptions,
  json: boolean,
  slackToken: string | undefined,
): InsightsReportPlan {
  if (options.slackChannel && !slackToken) {
    throw new CliUsageError(
      "--slack-channel needs a Slack bot token with chat:write: set SLACK_TOKEN.",
      { input: "--slack-channel" },
    );
  }
  return {
    query: {
      days: options.days,
      ...(options.baseline !== undefined ? { manualBaselineSeconds: options.baseline } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
    },
    format: json && !options.output ? "json" : options.format,
    output: options.output ?? null,
    slack:
      options.slackChannel && slackToken
        ? { channel: options.slackChannel, token: slackToken }
        : null,
  };
}
