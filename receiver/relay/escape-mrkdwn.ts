/**
 * Escapes service text for Slack mrkdwn: `&`, `<` and `>` are the only control characters,
 * so `<!channel>` or `<@U123>` in a filename or error message shows as text and pings no one.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Cuts text to `max` characters, marking the cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}
