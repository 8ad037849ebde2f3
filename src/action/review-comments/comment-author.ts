import type { GithubClient } from "../github/create-github-client.ts";

/** The account whose review comments are the Action's own: the bot user of its token's App. */
export interface CommentAuthor {
  readonly login: string;
}

/** That account as the GitHub the Action talks to knows it: its login and its id there. */
export interface BotUser {
  readonly login: string;
  readonly id: number;
}

/**
 * The author of the comments the Action posts, from the App its check run belongs to (the App
 * of the token): `<slug>[bot]`. GitHub reserves `[bot]` logins for Apps and an App's slug is
 * unique, so the login names one account. Undefined when the App is unknown (no check run): then
 * no earlier comment counts as the Action's own, and none is edited.
 */
export function commentAuthor(
  app: { slug?: string | null } | null | undefined,
): CommentAuthor | undefined {
  if (!app?.slug) return undefined;
  return { login: `${app.slug}[bot]` };
}

/**
 * The bot user of `author` on the server the Action talks to (`GET /users/{login}`): its id
 * there, which a comment's author must carry too. Ids differ between github.com and each GitHub
 * Enterprise Server (`github-actions[bot]` is 41898282 on github.com only), so none is built in.
 * Undefined when the server's account of that login is not a bot: then no comment is the
 * Action's own.
 */
export async function findBotUser(
  github: GithubClient,
  author: CommentAuthor,
): Promise<BotUser | undefined> {
  const { data } = await github.rest.users.getByUsername({ username: author.login });
  if (data.type !== "Bot" || data.login.toLowerCase() !== author.login.toLowerCase())
    return undefined;
  return { login: data.login, id: data.id };
}

/** Whether `user` (a comment's author, as GitHub lists it) is the Action's bot user `bot`. */
export function isCommentAuthor(
  user:
    | { readonly login?: string; readonly id?: number; readonly type?: string }
    | null
    | undefined,
  bot: BotUser | undefined,
): boolean {
  if (bot === undefined || user === null || user === undefined) return false;
  return user.type === "Bot" && user.login === bot.login && user.id === bot.id;
}
