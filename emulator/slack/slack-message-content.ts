import type { Params, RecordedSlackMessage } from "./slack-recorder-types.ts";
import { fail } from "./slack-rules.ts";
import { MAX_MESSAGE_TEXT, validateBlocks } from "./validate-blocks.ts";

/**
 * Text and blocks of postMessage and update, checked as Slack does. `chat.update` keeps the
 * blocks it is not sent (`previous`); an empty array removes them.
 */
export function slackMessageContent(p: Params, previous: RecordedSlackMessage | null = null) {
  const text = p.text === undefined ? undefined : String(p.text);
  let blocks: unknown[] | null = previous?.blocks ?? null;
  if (p.blocks !== undefined && p.blocks !== "") {
    const checked = validateBlocks(p.blocks);
    if ("error" in checked) {
      return fail(checked.error, { response_metadata: { messages: [checked.message] } });
    }
    blocks = checked.blocks.length === 0 && previous !== null ? null : checked.blocks;
  }
  if ((text === undefined || text === "") && blocks === null && p.attachments === undefined) {
    return fail("no_text");
  }
  if (text !== undefined && text.length > MAX_MESSAGE_TEXT) return fail("msg_too_long");
  return { text: text ?? "", blocks };
}
