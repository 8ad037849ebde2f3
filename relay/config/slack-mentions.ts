import { GITHUB_AUTHOR } from "./github-login.ts";

const SLACK_USER = /^[UW][A-Z0-9]{2,}$/;

/**
 * Parses `SLACK_MENTIONS`: comma-separated `login=SlackUserId` (GitHub login to Slack member
 * id, `U…` or `W…`). Logins compare case-insensitively, as GitHub's do.
 */
export function parseSlackMentions(
  value: string,
): { ok: true; mentions: ReadonlyMap<string, string> } | { ok: false; message: string } {
  const mentions = new Map<string, string>();
  for (const raw of value.split(",")) {
    const item = raw.trim();
    if (item === "") continue;
    const eq = item.indexOf("=");
    const login = eq === -1 ? item : item.slice(0, eq).trim();
    const user = eq === -1 ? "" : item.slice(eq + 1).trim();
    if (!GITHUB_AUTHOR.test(login) || !SLACK_USER.test(user)) {
      return {
        ok: false,
        message: `must be comma-separated login=SlackUserId entries, a GitHub login and a Slack member id (e.g. "octocat=U0123ABCD"); "${item}" is not one`,
      };
    }
    if (mentions.has(login.toLowerCase())) {
      return {
        ok: false,
        message: `must name each login once (logins compare case-insensitively); "${item}" repeats ${login}`,
      };
    }
    mentions.set(login.toLowerCase(), user);
  }
  if (mentions.size === 0)
    return { ok: false, message: "must hold at least one login=SlackUserId" };
  return { ok: true, mentions };
}

/** The Slack member id mapped to a GitHub login, or null. */
export function mentionOf(
  mentions: ReadonlyMap<string, string>,
  login: string | null,
): string | null {
  return login === null ? null : (mentions.get(login.toLowerCase()) ?? null);
}
