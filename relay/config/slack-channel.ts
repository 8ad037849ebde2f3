/**
 * A conversation id: `C…` (a channel), `G…` (an older private channel) or `D…` (a direct
 * message). Not a name: chat.postMessage takes a name too, but chat.update and
 * conversations.history/replies, which keep one message per submission and find the relay's own
 * posts after an unknown outcome, take only ids (docs.slack.dev/reference/methods).
 */
export const SLACK_CHANNEL_ID = /^[CDG][A-Z0-9]+$/;

const WHERE = "e.g. C0123456789; in Slack, a channel's details show it at the bottom of About";

/** What to put in a channel setting, for a message that asks for one. */
export const SLACK_CHANNEL_HINT = `the id of the channel to post to (${WHERE})`;

/**
 * Why `value` cannot be a channel the relay posts to, in words that say what to put there, or
 * null when it is a conversation id. The sentence follows the setting's name ("SLACK_CHANNEL
 * is a channel name: ..."); it does not repeat the value.
 */
export function slackChannelProblem(value: string): string | null {
  const channel = value.trim();
  if (SLACK_CHANNEL_ID.test(channel)) return null;
  if (channel === "") return `must not be blank: set ${SLACK_CHANNEL_HINT}`;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(channel) || channel.includes("slack.com/")) {
    // A copied link holds the id: …/archives/C0123456789(/p…) or …/client/T…/C0123456789.
    const id = /\/(?:archives|client\/[A-Z0-9]+)\/([CDG][A-Z0-9]+)(?:[/?#]|$)/.exec(channel)?.[1];
    return id === undefined
      ? `is a link, not a channel id: set the channel's id (${WHERE})`
      : `is a link: set the channel id it holds, ${id}`;
  }
  if (channel === "#") return `is # with no channel: set the channel's id (${WHERE})`;
  // An id in lower case (Slack's ids are 9 to 11 characters with digits; "general" is a name).
  if (/^[cdg](?=.*\d)[a-z0-9]{8,}$/.test(channel)) {
    return `must be upper case, as Slack writes ids: ${channel.toUpperCase()}`;
  }
  if (/^@|^[UW][A-Z0-9]{2,}$/.test(channel)) {
    return `names a person, not a channel: set the id of a channel the bot is in (${WHERE})`;
  }
  if (/^#?[a-z0-9][a-z0-9_.-]*$/i.test(channel)) {
    return `is a channel name: set its id instead (${WHERE}); the relay updates its message in place and looks up its own posts, which Slack allows by id only`;
  }
  return `must be a channel id, C… (or G… or D…) and upper-case letters and digits (${WHERE})`;
}
