import { describe, expect, it } from "vitest";
import { isRelayConfigError, resolveRelayConfig } from "../../../relay/index.ts";

const SECRET = `whsec_${Buffer.from("a-secret-for-the-tests-1").toString("base64")}`;
const BASE = { WEBHOOK_SECRETS: SECRET, RELAY_TOKEN: "0123456789abcdef" };
const SK = "sk_test_0123456789abcdef";
const SLACK = { SLACK_TOKEN: "xoxb-1", SLACK_CHANNEL: "C0123456789" };
const SERVICE = (url: string) => ({ CONTENT_REVIEW_BASE_URL: url, CONTENT_REVIEW_API_KEY: SK });

function problemsOf(env: Record<string, string>): string[] {
  try {
    resolveRelayConfig({ ...BASE, ...env });
  } catch (error) {
    if (isRelayConfigError(error)) return error.problems.map((p) => p.message);
    throw error;
  }
  return [];
}

describe("resolveRelayConfig: transport security", () => {
  it.each([
    [{ ...SLACK, SLACK_API_URL: "http://slack.com/api/" }, "SLACK_API_URL", /speaks only HTTPS/],
    [{ GITHUB_API_URL: "http://api.github.com" }, "GITHUB_API_URL", /speaks only HTTPS/],
    [{ GITHUB_API_URL: "http://api.acme.ghe.com" }, "GITHUB_API_URL", /speaks only HTTPS/],
    [SERVICE("http://review.example"), "CONTENT_REVIEW_BASE_URL", /RELAY_ALLOW_PLAIN_HTTP=true/],
    [{ GITHUB_API_URL: "http://ghes.example/api/v3" }, "GITHUB_API_URL", /clear text/],
    [{ ...SLACK, SLACK_API_URL: "http://10.0.0.5/api/" }, "SLACK_API_URL", /clear text/],
    [{ ...SLACK, SLACK_API_URL: "https://api.slack.com/" }, "SLACK_API_URL", /slack\.com\/api/],
    [{ ...SLACK, SLACK_API_URL: "https://hooks.slack.com/api/" }, "SLACK_API_URL", /hooks/],
    [{ GITHUB_API_URL: "https://api.github.com/repos" }, "GITHUB_API_URL", /not an endpoint/],
    [{ GITHUB_API_URL: "https://ghes.example/api/v3/repos/o/r" }, "GITHUB_API_URL", /endpoint/],
    [
      { ...SERVICE("http://127.0.0.1:9"), RELAY_PUBLIC_URL: "https://relay.example/?a=1" },
      "RELAY_PUBLIC_URL",
      /no query or fragment/,
    ],
    [
      { ...SERVICE("http://127.0.0.1:9"), RELAY_PUBLIC_URL: "https://relay.example/#x" },
      "RELAY_PUBLIC_URL",
      /no query or fragment/,
    ],
    [{ RELAY_ALLOW_PLAIN_HTTP: "yes" }, "RELAY_ALLOW_PLAIN_HTTP", /"true" or "false"/],
  ])("resolveRelayConfig refuses %j, naming %s", (env, variable, why) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.startsWith(`${variable} must`)).toBe(true);
    expect(problems[0]).toMatch(why);
  });

  it.each([
    // The emulator and the stand-ins, on loopback.
    [{ ...SERVICE("http://127.0.0.1:4010"), GITHUB_API_URL: "http://localhost:3001" }],
    [{ ...SLACK, SLACK_API_URL: "http://[::1]:4020/api/" }],
    // A network the operator trusts, said once.
    [{ ...SERVICE("http://review.internal"), RELAY_ALLOW_PLAIN_HTTP: "true" }],
    [{ GITHUB_API_URL: "http://ghes.internal/api/v3", RELAY_ALLOW_PLAIN_HTTP: "true" }],
    // A plain-HTTP collector: its spans hold no secret.
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector:4318" }],
    [{ GITHUB_API_URL: "https://ghes.example/api/v3" }],
    [{ ...SERVICE("http://127.0.0.1:9"), RELAY_PUBLIC_URL: "https://relay.example/hooks" }],
  ])("resolveRelayConfig takes %j", (env) => {
    expect(problemsOf(env)).toEqual([]);
  });

  it("resolveRelayConfig refuses http:// to GitHub or Slack even with RELAY_ALLOW_PLAIN_HTTP", () => {
    expect(
      problemsOf({ GITHUB_API_URL: "http://api.github.com", RELAY_ALLOW_PLAIN_HTTP: "true" }),
    ).toEqual([expect.stringMatching(/^GITHUB_API_URL must use https:\/\/ for api\.github\.com/)]);
  });
});

describe("resolveRelayConfig: cross-field rules", () => {
  it.each([
    [{ RECONCILE_AFTER_SECONDS: "7200", RECONCILE_MAX_HOURS: "1" }, "RECONCILE_AFTER_SECONDS"],
    [
      { RECONCILE_AFTER_SECONDS: "172800", RECONCILE_MAX_HOURS: "48", RETENTION_DAYS: "1" },
      "RETENTION_DAYS",
    ],
  ])("resolveRelayConfig refuses %j, naming %s", (env, variable) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(
      problems[0]?.startsWith(`${variable} must be at least`) ||
        problems[0]?.startsWith(`${variable} must be at most`),
    ).toBe(true);
  });

  it("resolveRelayConfig takes a first check at the limit, and retention as long as it", () => {
    expect(problemsOf({ RECONCILE_AFTER_SECONDS: "3600", RECONCILE_MAX_HOURS: "1" })).toEqual([]);
    expect(
      problemsOf({
        RECONCILE_AFTER_SECONDS: "86400",
        RECONCILE_MAX_HOURS: "24",
        RETENTION_DAYS: "1",
      }),
    ).toEqual([]);
  });
});
