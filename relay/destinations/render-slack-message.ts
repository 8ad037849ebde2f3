import { addSeverityCounts, type FailOn, noSeverityCounts } from "../../src/policy/index.ts";
import {
  type AssetState,
  assetMarker,
  describeFindings,
  type SubmissionOutcome,
  type SubmissionState,
  submissionOutcome,
} from "../submission/index.ts";
import { escapeMrkdwn, truncate, truncateMrkdwn } from "./escape-mrkdwn.ts";

/**
 * Block Kit and message limits (docs.slack.dev/reference/block-kit/blocks), as data: blocks per
 * message, text of a section or a context element, a header's plain text, the top-level `text`
 * (Slack truncates it past 40,000; 4,000 is what it advises for a fallback), and a budget for
 * all block text together (Slack refuses about 13,000 with `msg_blocks_too_long`).
 */
export const SLACK_LIMITS = Object.freeze({
  blocks: 50,
  sectionText: 3000,
  headerText: 150,
  fallbackText: 4000,
  messageBlocksText: 12_000,
});

/** Longest filename and error shown on an asset's line, before escaping. */
const NAME_MAX = 200;
const ERROR_LINE_MAX = 300;
const STATUS_MAX = 50;

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

/** The characters of text in blocks. */
function textOf(blocks: readonly SlackBlock[]): number {
  let n = 0;
  for (const b of blocks) {
    if (b.type === "header" || b.type === "section") n += b.text.text.length;
    else if (b.type === "context") n += b.elements.reduce((m, e) => m + e.text.length, 0);
  }
  return n;
}

function section(text: string): SlackBlock {
  return {
    type: "section",
    text: { type: "mrkdwn", text: truncateMrkdwn(text, SLACK_LIMITS.sectionText) },
  };
}

function context(text: string): SlackBlock {
  return {
    type: "context",
    elements: [{ type: "mrkdwn", text: truncateMrkdwn(text, SLACK_LIMITS.sectionText) }],
  };
}

/** Service text for mrkdwn: cut to `max` characters first, then escaped. */
function shown(text: string, max: number): string {
  return escapeMrkdwn(truncate(text, max));
}

function assetLine(asset: AssetState, failOn: FailOn): string {
  const marker = assetMarker(asset, failOn);
  const name = shown(asset.filename ?? asset.assetId, NAME_MAX);
  if (asset.status === "failed") {
    return `${marker} *${name}*: failed: ${shown(asset.errorMessage ?? "", ERROR_LINE_MAX)}`;
  }
  if (asset.status !== "complete") return `${marker} *${name}*: ${shown(asset.status, STATUS_MAX)}`;
  const findings =
    asset.counts !== null
      ? describeFindings(asset.counts, 0)
      : asset.issueCount === null
        ? "reviewed"
        : describeFindings(noSeverityCounts(), asset.issueCount);
  return `${marker} *${name}*: ${findings}`;
}

/**
 * The parent message of one submission, in Block Kit: its outcome (the one the commit status
 * states, with the same marker and words), findings by severity, one line per file and a link
 * to the pull request. Service text is escaped and cut; the message never exceeds Slack's
 * limits (lines are packed into sections of at most 3000 characters, at most 50 blocks).
 */
export function renderSlackMessage(
  state: SubmissionState,
  prUrl: string | null,
  mention: string | null = null,
  outcome: SubmissionOutcome = submissionOutcome(state),
): SlackMessage {
  let totals = noSeverityCounts();
  let unknown = 0;
  for (const asset of state.assets) {
    if (asset.counts !== null) totals = addSeverityCounts(totals, asset.counts);
    else unknown += asset.issueCount ?? 0;
  }
  const found = describeFindings(totals, unknown);
  // Pending and error outcomes do not name the findings themselves.
  const detail =
    outcome.state === "pending" || outcome.state === "error"
      ? `${outcome.detail} · ${found}`
      : outcome.detail;
  const label = `${outcome.label.charAt(0).toUpperCase()}${outcome.label.slice(1)}`;
  const link = state.link;
  const where =
    link === null
      ? ""
      : prUrl !== null
        ? ` · <${prUrl}|${escapeMrkdwn(link.repository)}#${link.pullRequest}>`
        : ` · ${escapeMrkdwn(link.repository)}@${escapeMrkdwn(link.sha.slice(0, 7))}`;

  // A failing submission names its author (a pass names no one); the thread reply notifies.
  const who = mention !== null && failing(outcome) ? ` · <@${mention}>` : "";
  const head: SlackBlock[] = [
    { type: "header", text: { type: "plain_text", text: "Content review" } },
    section(`${outcome.marker} *${escapeMrkdwn(label)}* · ${escapeMrkdwn(detail)}${where}${who}`),
    context(`Submission \`${shown(state.submissionId, NAME_MAX)}\``),
    { type: "divider" },
  ];
  // Sections of asset lines fill what is left, less one block and some text for the note.
  const room = SLACK_LIMITS.blocks - head.length - 1;
  let budget = SLACK_LIMITS.messageBlocksText - 200 - textOf(head);
  const sections: string[] = [];
  let current = "";
  let listed = 0;
  for (const asset of state.assets) {
    const line = assetLine(asset, outcome.failOn);
    if (line.length + 1 > budget) break;
    if (current !== "" && current.length + 1 + line.length > SLACK_LIMITS.sectionText) {
      if (sections.length + 1 >= room) break;
      sections.push(current);
      current = "";
    }
    current = current === "" ? line : `${current}\n${line}`;
    budget -= line.length + 1;
    listed += 1;
  }
  if (current !== "") sections.push(current);
  const blocks = [...head, ...sections.map(section)];
  if (listed < state.assets.length) {
    blocks.push(context(`…and ${state.assets.length - listed} more files`));
  }
  const text = truncateMrkdwn(
    `Content review: ${outcome.marker} ${label}, ${escapeMrkdwn(detail)} (submission ${shown(state.submissionId, NAME_MAX)})`,
    SLACK_LIMITS.fallbackText,
  );
  return { text, blocks };
}

/** True when the submission failed: findings at or over its `failOn`, or a failed asset. */
function failing(outcome: SubmissionOutcome): boolean {
  return outcome.state === "failure" || outcome.state === "error";
}

/**
 * The thread reply that mentions a failed submission's author (`<@U…>`), or null when the
 * submission did not fail. A mention in a reply notifies; one added by an update would not.
 */
export function renderMentionReply(
  state: SubmissionState,
  prUrl: string | null,
  mention: string,
  outcome: SubmissionOutcome = submissionOutcome(state),
): string | null {
  if (!failing(outcome) || state.link === null) return null;
  const pr =
    prUrl !== null
      ? `<${prUrl}|${escapeMrkdwn(state.link.repository)}#${state.link.pullRequest}>`
      : `${escapeMrkdwn(state.link.repository)}@${escapeMrkdwn(state.link.sha.slice(0, 7))}`;
  return truncateMrkdwn(
    `<@${mention}> ${outcome.marker} Content review ${outcome.label} on ${pr}: ${escapeMrkdwn(outcome.detail)}`,
    SLACK_LIMITS.sectionText,
  );
}

/** The thread reply for an asset that failed to process: its whole error, within the limits. */
export function renderFailureReply(asset: AssetState): string {
  const name = shown(asset.filename ?? asset.assetId, NAME_MAX);
  return truncateMrkdwn(
    `${assetMarker(asset, "never")} *${name}* failed: ${escapeMrkdwn(asset.errorMessage ?? "Processing failed")}`,
    SLACK_LIMITS.sectionText,
  );
}
