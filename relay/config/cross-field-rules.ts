import { baseUrlProblem, parseApiKey } from "../../src/api/index.ts";
import type { StepInput } from "./config-step.ts";
import { serviceOn } from "./service-on.ts";
import { SLACK_CHANNEL_HINT, slackChannelProblem } from "./slack-channel.ts";
import { transportProblems } from "./transport-security.ts";

// What to put in a variable that is required with another, where the name does not say it.
const HINTS: Readonly<Record<string, string>> = { SLACK_CHANNEL: `: set ${SLACK_CHANNEL_HINT}` };

/** Names the missing one of two variables that only work together. */
function requireBoth(input: StepInput, a: string, b: string, va: unknown, vb: unknown): undefined {
  if (va !== undefined && vb === undefined && !input.refused(b))
    input.problem(b, `is required when ${a} is set${HINTS[b] ?? ""}`);
  if (vb !== undefined && va === undefined && !input.refused(a))
    input.problem(a, `is required when ${b} is set${HINTS[a] ?? ""}`);
  return undefined;
}

/** `SLACK_CHANNEL` is a channel id, with a message for each kind of wrong value. */
export function slackChannelShape({ p, problem }: StepInput): undefined {
  if (p.SLACK_CHANNEL === undefined) return undefined;
  const why = slackChannelProblem(p.SLACK_CHANNEL);
  if (why !== null) problem("SLACK_CHANNEL", why);
  return undefined;
}

/** The Slack relay needs its token and its channel. */
export function slackTokenWithChannel(input: StepInput): undefined {
  return requireBoth(
    input,
    "SLACK_TOKEN",
    "SLACK_CHANNEL",
    input.p.SLACK_TOKEN,
    input.p.SLACK_CHANNEL,
  );
}

/** The service needs its base URL and its key. */
export function serviceUrlWithKey(input: StepInput): undefined {
  const { p } = input;
  return requireBoth(
    input,
    "CONTENT_REVIEW_BASE_URL",
    "CONTENT_REVIEW_API_KEY",
    p.CONTENT_REVIEW_BASE_URL,
    p.CONTENT_REVIEW_API_KEY,
  );
}

/** The service client refuses these at construction: refused here instead, by name (exit 2). */
export function serviceBaseUrl({ p, problem }: StepInput): undefined {
  if (p.CONTENT_REVIEW_BASE_URL === undefined) return undefined;
  const why = baseUrlProblem(p.CONTENT_REVIEW_BASE_URL);
  if (why !== null) problem("CONTENT_REVIEW_BASE_URL", why);
  return undefined;
}

/** The service's key has the shape of a workspace or sandbox key. */
export function serviceApiKey({ p, problem }: StepInput): undefined {
  if (p.CONTENT_REVIEW_API_KEY === undefined) return undefined;
  try {
    parseApiKey(p.CONTENT_REVIEW_API_KEY, "CONTENT_REVIEW_API_KEY");
  } catch {
    problem(
      "CONTENT_REVIEW_API_KEY",
      "is not a Content Review API key: use a workspace key, sk_live_ followed by 64 hex characters, or an sk_test_ sandbox key",
    );
  }
  return undefined;
}

/** GitHub's web address answers no REST call: every commit status would fail. */
export function githubApiNotWeb({ p, problem }: StepInput): undefined {
  if (
    p.GITHUB_API_URL !== undefined &&
    /^(www\.)?github\.com$/i.test(new URL(p.GITHUB_API_URL).hostname)
  ) {
    problem(
      "GITHUB_API_URL",
      "is GitHub's web address, which answers no API call: use https://api.github.com (GitHub Enterprise: https://<host>/api/v3)",
    );
  }
  return undefined;
}

/** Slack's Web API is under /api/ on slack.com: any other path there answers no call. */
export function slackApiPath({ p, problem }: StepInput): undefined {
  if (p.SLACK_API_URL === undefined) return undefined;
  const slack = new URL(p.SLACK_API_URL);
  if (/^(www\.)?slack\.com$/i.test(slack.hostname) && !/^\/api\/?$/.test(slack.pathname)) {
    problem("SLACK_API_URL", "must be https://slack.com/api/ on slack.com (Slack's Web API)");
  }
  return undefined;
}

/**
 * Retention deletes a submission's state RETENTION_DAYS after its last change, watched or
 * not: a submission still waiting for its verdict then could never get one.
 */
export function reconcileWithinRetention({ p, problem }: StepInput): undefined {
  if (
    serviceOn(p) &&
    p.RECONCILE_MAX_HOURS !== undefined &&
    p.RETENTION_DAYS !== undefined &&
    p.RECONCILE_MAX_HOURS >= p.RETENTION_DAYS * 24
  ) {
    problem(
      "RECONCILE_MAX_HOURS",
      `must be less than RETENTION_DAYS in hours (${p.RETENTION_DAYS * 24}): retention deletes a submission's state that long after its link, and one still waiting for its verdict would stay pending for ever; lower RECONCILE_MAX_HOURS or raise RETENTION_DAYS`,
    );
  }
  return undefined;
}

/** The subscription check lists subscriptions with the service's key (one of two set: requireBoth names the other). */
export function publicUrlNeedsService({ p, env, problem }: StepInput): undefined {
  if (
    p.RELAY_PUBLIC_URL !== undefined &&
    !env["CONTENT_REVIEW_BASE_URL"] &&
    !env["CONTENT_REVIEW_API_KEY"]
  ) {
    problem(
      "RELAY_PUBLIC_URL",
      "needs CONTENT_REVIEW_BASE_URL and CONTENT_REVIEW_API_KEY: the relay lists the workspace's webhook subscriptions with them",
    );
  }
  return undefined;
}

/** Statuses are set either as a GitHub App or with a token, never both. */
export function githubTokenOrApp({ p, env, problem }: StepInput): undefined {
  if (p.GITHUB_TOKEN !== undefined && env["GITHUB_APP_ID"]) {
    problem(
      "GITHUB_TOKEN",
      "must not be set together with GITHUB_APP_ID: the relay sets statuses either as a GitHub App or with a token; unset one of them",
    );
  }
  return undefined;
}

/** A GitHub App needs its id and its private key. */
export function githubAppWithKey(input: StepInput): undefined {
  return requireBoth(
    input,
    "GITHUB_APP_ID",
    "GITHUB_APP_PRIVATE_KEY",
    input.env["GITHUB_APP_ID"] || undefined,
    input.p.GITHUB_APP_PRIVATE_KEY,
  );
}

/**
 * The shortest secret taken for the `github` and `stripe` schemes, whose secrets are plain
 * text: a shorter one could be guessed, and every signature it makes forged.
 */
export const MIN_PLAIN_SECRET_LENGTH = 16;

/** Reports `message` for `variable` unless that variable was already refused. */
function once({ problem, refused }: StepInput, variable: string, message: string): undefined {
  if (!refused(variable)) problem(variable, message);
  return undefined;
}

/** A plain-text signing secret (`github`, `stripe`) is long enough not to be guessed. */
export function plainSecretsLongEnough(input: StepInput): undefined {
  const { SIGNATURE_SCHEME: scheme, WEBHOOK_SECRETS: secrets } = input.p;
  if (scheme === undefined || scheme === "standard-webhooks" || secrets === undefined)
    return undefined;
  const short = secrets.findIndex((s) => s.length < MIN_PLAIN_SECRET_LENGTH);
  if (short === -1) return undefined;
  const which = secrets.length === 1 ? "its secret" : `secret ${short + 1} of ${secrets.length}`;
  return once(
    input,
    "WEBHOOK_SECRETS",
    `must hold secrets of at least ${MIN_PLAIN_SECRET_LENGTH} characters with SIGNATURE_SCHEME=${scheme} (${which} is ${secrets[short]?.length}): a short one can be guessed; set the sender's secret, whole`,
  );
}

/** Reconciliation's first check comes before its limit. */
export function firstCheckBeforeLimit(input: StepInput): undefined {
  const { RECONCILE_AFTER_SECONDS: after, RECONCILE_MAX_HOURS: maxHours } = input.p;
  if (after === undefined || maxHours === undefined || after <= maxHours * 3600) return undefined;
  return once(
    input,
    "RECONCILE_AFTER_SECONDS",
    `must be at most RECONCILE_MAX_HOURS in seconds (${maxHours * 3600}): the first check would come after the limit, so no verdict could ever be read; lower it or raise RECONCILE_MAX_HOURS`,
  );
}

/** Retention keeps a submission's state until its first check. */
export function retentionOutlivesFirstCheck(input: StepInput): undefined {
  const { RETENTION_DAYS: days, RECONCILE_AFTER_SECONDS: after } = input.p;
  if (days === undefined || after === undefined || days * 86_400 >= after) return undefined;
  return once(
    input,
    "RETENTION_DAYS",
    `must be at least RECONCILE_AFTER_SECONDS in days (${after / 86_400}): retention would delete a submission's state before its first check`,
  );
}

/**
 * A token or key never travels over plain HTTP to slack.com, github.com or (without
 * `RELAY_ALLOW_PLAIN_HTTP=true`) a host off loopback; the service URLs name no endpoint.
 */
export function transportSecurity(input: StepInput): undefined {
  const { SLACK_API_URL, GITHUB_API_URL, CONTENT_REVIEW_BASE_URL, RELAY_PUBLIC_URL } = input.p;
  const urls = { SLACK_API_URL, GITHUB_API_URL, CONTENT_REVIEW_BASE_URL, RELAY_PUBLIC_URL };
  const allowPlainHttp = input.p.RELAY_ALLOW_PLAIN_HTTP === "true";
  for (const found of transportProblems({ urls, allowPlainHttp }))
    once(input, found.setting, found.message);
  return undefined;
}
