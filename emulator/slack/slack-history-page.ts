import { slackMessageView } from "./slack-message-view.ts";
import type { Params, RecordedSlackMessage } from "./slack-recorder-types.ts";
import { bool, DEFAULT_HISTORY_LIMIT, fail, MAX_HISTORY_LIMIT, ok } from "./slack-rules.ts";

/** One page of messages, with Slack's cursor pagination. */
export function slackHistoryPage(
  all: readonly RecordedSlackMessage[],
  items: RecordedSlackMessage[],
  p: Params,
  withMetadata: boolean,
) {
  const limit = p.limit === undefined ? DEFAULT_HISTORY_LIMIT : Number(p.limit);
  if (!Number.isInteger(limit) || limit < 1) return fail("invalid_limit");
  let offset = 0;
  if (p.cursor !== undefined && p.cursor !== "") {
    const decoded = /^offset:(\d+)$/.exec(Buffer.from(String(p.cursor), "base64").toString());
    if (decoded === null) return fail("invalid_cursor");
    offset = Number(decoded[1]);
  }
  const size = Math.min(limit, MAX_HISTORY_LIMIT);
  const slice = items.slice(offset, offset + size);
  const more = offset + size < items.length;
  return ok({
    messages: slice.map((m) => slackMessageView(all, m, withMetadata)),
    has_more: more,
    response_metadata: {
      next_cursor: more ? Buffer.from(`offset:${offset + size}`).toString("base64") : "",
    },
  });
}

/** Keeps the messages whose ts lies within `oldest`/`latest` (exclusive unless `inclusive`). */
export function slackTsWindow(items: RecordedSlackMessage[], p: Params) {
  const inclusive = bool(p.inclusive);
  const oldest = p.oldest === undefined ? null : Number(p.oldest);
  const latest = p.latest === undefined ? null : Number(p.latest);
  if (oldest !== null && Number.isNaN(oldest)) return fail("invalid_ts_oldest");
  if (latest !== null && Number.isNaN(latest)) return fail("invalid_ts_latest");
  return items.filter((m) => {
    const ts = Number(m.ts);
    if (oldest !== null && (inclusive ? ts < oldest : ts <= oldest)) return false;
    if (latest !== null && (inclusive ? ts > latest : ts >= latest)) return false;
    return true;
  });
}
