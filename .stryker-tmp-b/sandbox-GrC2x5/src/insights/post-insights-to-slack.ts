// @ts-nocheck
import { WebClient } from "@slack/web-api";
import { formatInsightsSlack } from "./format-insights-slack.ts";
import type { InsightsReport } from "./insights-report.ts";
import { SlackPostError } from "./slack-post-error.ts";

/** Options of {@link postInsightsToSlack}. */
export interface SlackTarget {
  /** Bot token (`xoxb-...`) with `chat:write`. */
  readonly token: string;
  /** Channel id or name. */
  readonly channel: string;
  /** Slack API base, for tests and Enterprise Grid proxies. @default "https://slack.com/api/" */
  readonly apiUrl?: string;
}

/**
 * Posts the top figures of a report to a Slack channel with `@slack/web-api`, which retries
 * rate limits itself. Returns the message timestamp; throws {@link SlackPostError}.
 */
export async function postInsightsToSlack(
  report: InsightsReport,
  target: SlackTarget,
): Promise<string> {
  const client = new WebClient(target.token, {
    ...(target.apiUrl ? { slackApiUrl: target.apiUrl } : {}),
    retryConfig: { retries: 3, factor: 2, minTimeout: 100, maxTimeout: 2000 },
  });
  const text = formatInsightsSlack(report);
  try {
    const result = await client.chat.postMessage({ channel: target.channel, text, mrkdwn: true });
    return result.ts ?? "";
  } catch (error) {
    const why = (error as { data?: { error?: string } }).data?.error ?? (error as Error).message;
    throw new SlackPostError(
      `Posting the insights to Slack channel ${target.channel} failed (${why}). Check SLACK_TOKEN (a bot token with chat:write) and that the bot is a member of the channel.`,
      { channel: target.channel, cause: error },
    );
  }
}
