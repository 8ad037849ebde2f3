/** Posting the insights to Slack failed; the message says why and what to check. */
// @ts-nocheck

export class SlackPostError extends Error {
  override name = "SlackPostError";
  readonly channel: string;

  constructor(message: string, options: { channel: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.channel = options.channel;
  }
}
