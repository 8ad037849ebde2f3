/** One `SLACK_ROUTES` entry: the repositories it matches and the channel they post to. */
export interface SlackRoute {
  /** Lower-case owner. */
  readonly owner: string;
  /** Lower-case repository name, or `null` for `owner/*` (every repository of the owner). */
  readonly repo: string | null;
  readonly channel: string;
}

import { GITHUB_LOGIN } from "./github-login.ts";
import { slackChannelProblem } from "./slack-channel.ts";

const PATTERN = /^([^/]+)\/([A-Za-z0-9_.-]+|\*)$/;

/**
 * Parses `SLACK_ROUTES`: comma-separated `pattern=channel`, a pattern being `owner/repo` or
 * `owner/*` (GitHub names compare case-insensitively). Returns the routes in order, or the
 * first entry that is not one, described for people.
 */
export function parseSlackRoutes(
  value: string,
): { ok: true; routes: readonly SlackRoute[] } | { ok: false; message: string } {
  const routes: SlackRoute[] = [];
  for (const raw of value.split(",")) {
    const item = raw.trim();
    if (item === "") continue;
    const eq = item.indexOf("=");
    const pattern = eq === -1 ? item : item.slice(0, eq).trim();
    const channel = eq === -1 ? "" : item.slice(eq + 1).trim();
    const match = PATTERN.exec(pattern);
    if (match === null || !GITHUB_LOGIN.test(match[1]!) || eq === -1) {
      return {
        ok: false,
        message: `must be comma-separated pattern=channel entries, a pattern being owner/repo or owner/* and a channel its id, not its name (e.g. "octo/media=C0MEDIA,octo/*=C0OCTO"; a channel's details show its id); "${item}" is not one`,
      };
    }
    // The channel's own problem, in the words SLACK_CHANNEL gets for it.
    const why = slackChannelProblem(channel);
    if (why !== null) {
      return { ok: false, message: `has "${item}", whose channel ${why}` };
    }
    const owner = match[1]!.toLowerCase();
    const repo = match[2] === "*" ? null : match[2]!.toLowerCase();
    if (routes.some((r) => r.owner === owner && r.repo === repo)) {
      // The first match wins: a repeated pattern would never apply.
      return {
        ok: false,
        message: `must name each pattern once (the first match wins, names compare case-insensitively); "${item}" repeats ${pattern}`,
      };
    }
    if (repo !== null && routes.some((r) => r.owner === owner && r.repo === null)) {
      return {
        ok: false,
        message: `lists "${item}" after ${owner}/*, which matches it first (the first match wins): put it before ${owner}/*`,
      };
    }
    routes.push(Object.freeze({ owner, repo, channel }));
  }
  if (routes.length === 0) return { ok: false, message: "must hold at least one pattern=channel" };
  return { ok: true, routes: Object.freeze(routes) };
}

/** The channel of a repository (`owner/repo`): the first matching route's, else `fallback`. */
export function routeChannel(
  routes: readonly SlackRoute[],
  repository: string | null,
  fallback: string,
): string {
  if (repository === null) return fallback;
  const [owner = "", repo = ""] = repository.toLowerCase().split("/");
  const route = routes.find((r) => r.owner === owner && (r.repo === null || r.repo === repo));
  return route?.channel ?? fallback;
}
