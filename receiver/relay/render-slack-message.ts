import type { SeverityCounts } from "../../src/report/index.ts";
import { addSeverityCounts, formatSeverityCounts } from "../../src/report/index.ts";
import { escapeMrkdwn, truncate } from "./escape-mrkdwn.ts";
import type { AssetState, SubmissionState } from "./submission-state.ts";
import { reportedAssets } from "./submission-state.ts";

/** Block Kit limits (api.slack.com/reference/block-kit/blocks), as data. */
export const SLACK_LIMITS = Object.freeze({ blocks: 50, sectionText: 3000, fallbackText: 3000 });

/** A Block Kit block, as far as the relay builds them. */
export type SlackBlock =
  | { type: "header"; text: { type: "plain_text"; text: string } }
  | { type: "section"; text: { type: "mrkdwn"; text: string } }
  | { type: "context"; elements: { type: "mrkdwn"; text: string }[] }
  | { type: "divider" };

export interface SlackMessage {
  readonly text: string;
  readonly blocks: SlackBlock[];
}

function section(text: string): SlackBlock {
  return {
    type: "section",
    text: { type: "mrkdwn", text: truncate(text, SLACK_LIMITS.sectionText) },
  };
}

function assetLine(asset: AssetState): string {
  const name = escapeMrkdwn(truncate(asset.filename ?? asset.assetId, 200));
  if (asset.status === "failed") {
    return `:x: *${name}*: failed: ${escapeMrkdwn(truncate(asset.errorMessage ?? "", 300))}`;
  }
  if (asset.status !== "complete")
    return `:hourglass_flowing_sand: *${name}*: ${escapeMrkdwn(asset.status)}`;
  const findings =
    asset.counts !== null
      ? formatSeverityCounts(asset.counts)
      : asset.issueCount === null
        ? "reviewed"
        : asset.issueCount === 0
          ? "no issues"
          : `${asset.issueCount} issue${asset.issueCount === 1 ? "" : "s"}`;
  return `:white_check_mark: *${name}*: ${findings}`;
}

function overall(state: SubmissionState): { emoji: string; words: string } {
  const reported = reportedAssets(state).length;
  const expected = state.link?.assetCount ?? null;
  const failed = state.assets.filter((a) => a.status === "failed").length;
  const progress = expected === null ? `${reported} reviewed` : `${reported}/${expected} reviewed`;
  if (expected !== null && reported < expected)
    return { emoji: ":hourglass_flowing_sand:", words: `In progress, ${progress}` };
  if (failed > 0) return { emoji: ":warning:", words: `${failed} failed, ${progress}` };
  return { emoji: ":white_check_mark:", words: `Complete, ${progress}` };
}

/**
 * The parent message of one submission, in Block Kit: status, counts by severity, one line per
 * file and a link to the pull request. Service text is escaped; the message never exceeds
 * Slack's limits (lines are packed into sections of at most 3000 characters, at most 50 blocks).
 */
export function renderSlackMessage(state: SubmissionState, prUrl: string | null): SlackMessage {
  const status = overall(state);
  let totals: SeverityCounts = { critical: 0, major: 0, minor: 0, info: 0, other: 0 };
  let known = false;
  for (const asset of state.assets) {
    if (asset.counts !== null) {
      totals = addSeverityCounts(totals, asset.counts);
      known = true;
    }
  }
  const issues = state.assets.reduce((n, a) => n + (a.issueCount ?? 0), 0);
  const summary = known
    ? formatSeverityCounts(totals)
    : `${issues} issue${issues === 1 ? "" : "s"}`;
  const link = state.link;
  const where =
    link === null
      ? ""
      : prUrl !== null
        ? ` · <${prUrl}|${escapeMrkdwn(link.repository)}#${link.pullRequest}>`
        : ` · ${escapeMrkdwn(link.repository)}@${escapeMrkdwn(link.sha.slice(0, 7))}`;

  const blocks: SlackBlock[] = [
    { type: "header", text: { type: "plain_text", text: "Content review" } },
    section(`${status.emoji} *${escapeMrkdwn(status.words)}* · ${escapeMrkdwn(summary)}${where}`),
    {
      type: "context",
      elements: [{ type: "mrkdwn", text: `Submission \`${escapeMrkdwn(state.submissionId)}\`` }],
    },
    { type: "divider" },
  ];
  // Leave one block for the "more files" note.
  const room = SLACK_LIMITS.blocks - blocks.length - 1;
  let current = "";
  let shown = 0;
  for (const asset of state.assets) {
    const line = assetLine(asset);
    if (current.length + line.length + 1 > SLACK_LIMITS.sectionText) {
      if (blocks.length - 4 + 2 > room) break;
      blocks.push(section(current));
      current = "";
    }
    current = current === "" ? line : `${current}\n${line}`;
    shown += 1;
  }
  if (current !== "") blocks.push(section(current));
  if (shown < state.assets.length) {
    blocks.push({
      type: "context",
      elements: [{ type: "mrkdwn", text: `…and ${state.assets.length - shown} more files` }],
    });
  }
  const text = truncate(
    `Content review: ${status.words}, ${summary} (submission ${escapeMrkdwn(state.submissionId)})`,
    SLACK_LIMITS.fallbackText,
  );
  return { text, blocks };
}

/** The thread reply for a failed asset. */
export function renderFailureReply(asset: AssetState): string {
  const name = escapeMrkdwn(truncate(asset.filename ?? asset.assetId, 200));
  return truncate(
    `:x: *${name}* failed: ${escapeMrkdwn(asset.errorMessage ?? "Processing failed")}`,
    SLACK_LIMITS.sectionText,
  );
}
