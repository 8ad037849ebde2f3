/** The account whose review comments are the Action's own: the bot user of its token's App. */
export interface CommentAuthor {
  readonly login: string;
  /** Compared too when known (the Actions token's bot user has a fixed id). */
  readonly id: number | undefined;
}

/** GitHub Actions' App, whose bot user posts for `GITHUB_TOKEN`: `github-actions[bot]`. */
const KNOWN_BOT_IDS: Readonly<Record<string, number>> = Object.freeze({
  "github-actions[bot]": 41898282,
});

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
  const login = `${app.slug}[bot]`;
  return { login, id: KNOWN_BOT_IDS[login] };
}

/** Whether `user` (a comment's author, as GitHub lists it) is `author`. */
export function isCommentAuthor(
  user:
    | { readonly login?: string; readonly id?: number; readonly type?: string }
    | null
    | undefined,
  author: CommentAuthor | undefined,
): boolean {
  if (author === undefined || user === null || user === undefined) return false;
  return (
    user.type === "Bot" &&
    user.login === author.login &&
    (author.id === undefined || user.id === author.id)
  );
}
