import type { SettingProblem } from "../../src/shared/settings/read-settings.ts";

/** The variable that accepts sending a token or key over plain HTTP to a host not on loopback. */
export const ALLOW_PLAIN_HTTP = "RELAY_ALLOW_PLAIN_HTTP";

/** The URLs the relay sends a secret to, and which secret (for the message). */
const SECRET_CARRIERS: Readonly<Record<string, string>> = Object.freeze({
  SLACK_API_URL: "the Slack bot token (SLACK_TOKEN)",
  GITHUB_API_URL: "the GitHub token or App token",
  CONTENT_REVIEW_BASE_URL: "the service API key (CONTENT_REVIEW_API_KEY)",
});

/** What the transport rules read: the URL variables as parsed (valid http(s) URLs) and the opt-in. */
export interface TransportInput {
  readonly urls: Readonly<Record<string, string | undefined>>;
  readonly allowPlainHttp: boolean;
}

interface UrlRule {
  /** What the rule guards, for a reader of this list. */
  readonly name: string;
  readonly variables: readonly string[];
  check(url: URL, variable: string, input: TransportInput): string | null;
}

const isLoopback = (host: string) =>
  /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(host);
const isGithubHost = (host: string) => /(^|\.)(github\.com|ghe\.com)$/i.test(host);
const isSlackHost = (host: string) => /(^|\.)slack\.com$/i.test(host);

/** The path segments of REST endpoints: a base URL that holds one names an endpoint. */
const GITHUB_ENDPOINT = /\/(repos|orgs|users|user|app|installations|search|graphql)(\/|$)/i;

/** Policy as data: each rule one named check of one kind of URL setting. */
const URL_RULES: readonly UrlRule[] = Object.freeze([
  {
    name: "slack.com and github.com speak only HTTPS",
    variables: ["SLACK_API_URL", "GITHUB_API_URL"],
    check: (url) =>
      url.protocol === "http:" && (isSlackHost(url.hostname) || isGithubHost(url.hostname))
        ? `must use https:// for ${url.hostname}, which speaks only HTTPS: over http:// the token would be sent in clear text`
        : null,
  },
  {
    name: "a token or key never crosses a network in clear text unless accepted",
    variables: Object.keys(SECRET_CARRIERS),
    check: (url, variable, input) =>
      url.protocol === "http:" &&
      !isLoopback(url.hostname) &&
      !isSlackHost(url.hostname) &&
      !isGithubHost(url.hostname) &&
      !input.allowPlainHttp
        ? `must use https:// (${SECRET_CARRIERS[variable]} would cross the network in clear text); on a network you trust, set ${ALLOW_PLAIN_HTTP}=true to accept that`
        : null,
  },
  {
    name: "Slack's Web API is on slack.com",
    variables: ["SLACK_API_URL"],
    check: (url) =>
      /^(api|hooks)\.slack\.com$/i.test(url.hostname)
        ? `must be https://slack.com/api/ (Slack's Web API): ${url.hostname.toLowerCase()} answers none of its methods`
        : null,
  },
  {
    name: "GitHub's API base, not an endpoint",
    variables: ["GITHUB_API_URL"],
    check: (url) =>
      GITHUB_ENDPOINT.test(url.pathname)
        ? "must be the API's base (https://api.github.com, or https://<host>/api/v3 for GitHub Enterprise), not an endpoint under it: the relay appends /repos/... itself"
        : null,
  },
  {
    name: "the public URL is a base the webhook path is appended to",
    variables: ["RELAY_PUBLIC_URL"],
    check: (url) =>
      url.search !== "" || url.hash !== ""
        ? "must have no query or fragment: the relay appends /webhooks/content-review to it, after which a query or fragment would swallow the path"
        : null,
  },
]);

/**
 * The URL settings the relay refuses at start: plain HTTP where a secret would travel in clear
 * text (loopback, for the emulator and the stand-ins, stays allowed; an OTLP collector is not
 * checked here, its spans hold no secret), and addresses that can never work.
 */
export function transportProblems(input: TransportInput): SettingProblem[] {
  const problems: SettingProblem[] = [];
  for (const rule of URL_RULES) {
    for (const variable of rule.variables) {
      const value = input.urls[variable];
      if (value === undefined || !URL.canParse(value)) continue;
      const message = rule.check(new URL(value), variable, input);
      if (message !== null && !problems.some((p) => p.setting === variable)) {
        problems.push({ setting: variable, message });
      }
    }
  }
  return problems;
}
