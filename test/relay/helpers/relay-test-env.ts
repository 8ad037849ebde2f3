import { TEST_RELAY_TOKEN, TEST_SECRET } from "./signed-sender.ts";

/** A relay variable set to a value, or `undefined` to leave it out of the base. */
export type RelayEnvOverrides = Readonly<Record<string, string | undefined>>;

/**
 * The settings every test relay starts from: loopback on a free port, the tests' signing secret
 * and bearer token. A new required setting is added here, once, for every test.
 */
const BASE: Readonly<Record<string, string>> = Object.freeze({
  PORT: "0",
  HOST: "127.0.0.1",
  WEBHOOK_SECRETS: TEST_SECRET,
  RELAY_TOKEN: TEST_RELAY_TOKEN,
});

/**
 * The relay's environment for a test: {@link BASE}, then `overrides` in order (a value of
 * `undefined` removes the variable, to test it missing).
 */
export function relayTestEnv(...overrides: RelayEnvOverrides[]): Record<string, string> {
  const env: Record<string, string | undefined> = { ...BASE };
  for (const layer of overrides) Object.assign(env, layer);
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Slack's settings for a fake Slack: its API, the token it accepts, a channel, no pacing. */
export function slackTestEnv(
  slack: { readonly apiUrl: string },
  token: string,
  channel = "C0RELAY",
): Record<string, string> {
  return {
    SLACK_TOKEN: token,
    SLACK_CHANNEL: channel,
    SLACK_API_URL: slack.apiUrl,
    SLACK_MIN_INTERVAL_MS: "0",
  };
}

/** GitHub's settings for a stand-in: its API and the token it accepts. */
export function githubTestEnv(
  github: { readonly apiUrl: string },
  token: string,
): Record<string, string> {
  return { GITHUB_TOKEN: token, GITHUB_API_URL: github.apiUrl };
}

/** The tests' sandbox key for a stand-in of the service (it checks no key). */
export const TEST_SERVICE_KEY = "sk_test_0123456789abcdef";

/**
 * Reconciliation against a stand-in of the service: its address and a sandbox key, a sweep
 * every 0.1 s, one attempt per entry (a failed status dead-letters). A first check 600 s after
 * the link, which never comes on the real clock while a test runs: the test moves the relay's
 * reconciliation clock on (`startRelay`'s `reconcileNow`) once what the check should find is in
 * place, and by less than RECONCILE_MAX_HOURS (24 h).
 */
export function reconcileTestEnv(service: { readonly url: string }): Record<string, string> {
  return {
    CONTENT_REVIEW_BASE_URL: service.url,
    CONTENT_REVIEW_API_KEY: TEST_SERVICE_KEY,
    RECONCILE_AFTER_SECONDS: "600",
    RECONCILE_MAX_HOURS: "24",
    RECONCILE_SWEEP_SECONDS: "0.1",
    RELAY_MAX_ATTEMPTS: "1",
  };
}
