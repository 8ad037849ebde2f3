import { harmlessText } from "./harmless-text.ts";

/**
 * Escapes service text for Slack mrkdwn: `&`, `<` and `>` are the only control characters,
 * so `<!channel>` or `<@U123>` in a filename or error message shows as text and pings no one.
 * U+0000, other control characters and lone surrogates show as U+FFFD ({@link harmlessText}).
 */
export function escapeMrkdwn(text: string): string {
  return harmlessText(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Where a cut to `end` characters leaves whole characters (no half of a surrogate pair). */
function cutAt(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** Cuts text to `max` characters, marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, cutAt(text, Math.max(0, max - 1)))}…`;
}

/** Like {@link truncate}, for escaped mrkdwn: never cuts an entity such as `&amp;` in two. */
export function truncateMrkdwn(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = cutAt(text, Math.max(0, max - 1));
  const entity = /&[a-z]{0,3}$/.exec(text.slice(Math.max(0, end - 4), end));
  if (entity !== null) end -= entity[0].length;
  return `${text.slice(0, end)}…`;
}
