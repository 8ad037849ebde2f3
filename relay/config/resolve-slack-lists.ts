import type { Parsed } from "./relay-variables.ts";
import { parseSlackMentions } from "./slack-mentions.ts";
import { parseSlackRoutes, type SlackRoute } from "./slack-routes.ts";

/** `SLACK_ROUTES` and `SLACK_MENTIONS`, parsed; each needs the Slack relay on. */
export function resolveSlackLists(
  p: Parsed,
  problem: (variable: string, message: string) => void,
): { routes: readonly SlackRoute[]; mentions: ReadonlyMap<string, string> } {
  const slackOn = p.SLACK_TOKEN !== undefined && p.SLACK_CHANNEL !== undefined;
  let routes: readonly SlackRoute[] = [];
  if (p.SLACK_ROUTES !== undefined) {
    const r = parseSlackRoutes(p.SLACK_ROUTES);
    if (!r.ok) problem("SLACK_ROUTES", r.message);
    else if (!slackOn)
      problem(
        "SLACK_ROUTES",
        "needs SLACK_TOKEN and SLACK_CHANNEL (the channel of unmatched submissions)",
      );
    else routes = r.routes;
  }
  let mentions: ReadonlyMap<string, string> = new Map();
  if (p.SLACK_MENTIONS !== undefined) {
    const m = parseSlackMentions(p.SLACK_MENTIONS);
    if (!m.ok) problem("SLACK_MENTIONS", m.message);
    else if (!slackOn) problem("SLACK_MENTIONS", "needs SLACK_TOKEN and SLACK_CHANNEL");
    else mentions = m.mentions;
  }
  return { routes, mentions };
}
