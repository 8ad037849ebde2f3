import { describe, expect, it } from "vitest";
import { resolveRelayConfig } from "../../relay/config/index.ts";
import { describeRelaying, planRelay, type RelayPlan } from "../../relay/plan-relay.ts";

const SECRET = `whsec_${Buffer.from("a-secret-for-the-tests-1").toString("base64")}`;
const BASE = { WEBHOOK_SECRETS: SECRET, RELAY_TOKEN: "0123456789abcdef" };
const SERVICE = {
  CONTENT_REVIEW_BASE_URL: "https://review.example",
  CONTENT_REVIEW_API_KEY: `sk_live_${"ab".repeat(32)}`,
};
const SLACK = { SLACK_TOKEN: "xoxb-test", SLACK_CHANNEL: "C0123ABCD" };

const plan = (env: Record<string, string>) => planRelay(resolveRelayConfig({ ...BASE, ...env }));

/** The parts of a plan that say what exists, for a table. */
const shape = (p: RelayPlan) => ({
  slack: p.slack === null ? null : p.slack.channel,
  github: p.github === null ? null : p.github.apiUrl,
  service: p.service === null ? null : p.service.baseUrl,
  reconcile: p.reconcile === null ? null : p.reconcile.afterMs,
  publicUrl: p.publicUrl,
});

describe("planRelay", () => {
  it.each([
    [
      "nothing but the intake",
      {},
      { slack: null, github: null, service: null, reconcile: null, publicUrl: null },
    ],
    [
      "Slack",
      SLACK,
      { slack: "C0123ABCD", github: null, service: null, reconcile: null, publicUrl: null },
    ],
    [
      "GitHub statuses with a token",
      { GITHUB_TOKEN: "ghp_test", GITHUB_API_URL: "https://ghe.example/api/v3/" },
      {
        slack: null,
        github: "https://ghe.example/api/v3",
        service: null,
        reconcile: null,
        publicUrl: null,
      },
    ],
    [
      "the service: enrichment and reconciliation",
      { ...SERVICE, RECONCILE_AFTER_SECONDS: "30" },
      {
        slack: null,
        github: null,
        service: "https://review.example",
        reconcile: 30_000,
        publicUrl: null,
      },
    ],
    [
      "the service and a public URL: the subscription check too",
      { ...SERVICE, RELAY_PUBLIC_URL: "https://relay.example" },
      {
        slack: null,
        github: null,
        service: "https://review.example",
        reconcile: 600_000,
        publicUrl: "https://relay.example",
      },
    ],
  ])("with %s", (_, env, expected) => {
    expect(shape(plan(env))).toEqual(expected);
  });

  it.each([
    ["a third of the default lease, halved", {}, 10_000],
    ["half the attempt deadline", { RELAY_HANDLER_TIMEOUT_MS: "4000" }, 2000],
    ["never under 500 ms", { RELAY_HANDLER_TIMEOUT_MS: "600", RELAY_JOB_EXPIRE_SECONDS: "2" }, 500],
  ])("gives each request %s", (_, env, ms) => {
    expect(plan(env).requestTimeoutMs).toBe(ms);
  });

  it.each([
    ["0.0.0.0", "127.0.0.1"],
    ["::", "127.0.0.1"],
    ["::1", "::1"],
    ["relay.internal", "relay.internal"],
  ])("reaches a relay listening on %s at %s", (host, reachable) => {
    expect(plan({ HOST: host }).reachableHost).toBe(reachable);
  });

  it("links pull requests on the GitHub it sets statuses on, else github.com", () => {
    expect(plan({}).githubApiUrl).toBe("https://api.github.com");
    expect(
      plan({ GITHUB_TOKEN: "t", GITHUB_API_URL: "https://ghe.example/api/v3" }).githubApiUrl,
    ).toBe("https://ghe.example/api/v3");
  });

  it("paces Slack and keeps entries and delivery ids as configured", () => {
    const p = plan({ ...SLACK, SLACK_MIN_INTERVAL_MS: "250", RETENTION_DAYS: "120" });
    expect(p.slack?.minIntervalMs).toBe(250);
    expect(p.retention).toEqual({ retentionDays: 120, dedupeDays: 120 });
  });

  it("says whether it reconciles, and what to set when it does not", () => {
    expect(plan({}).reconciling).toBe(
      "reconciliation off (set CONTENT_REVIEW_API_KEY and CONTENT_REVIEW_BASE_URL)",
    );
    expect(plan({ ...SERVICE, RECONCILE_AFTER_SECONDS: "90" }).reconciling).toBe(
      "reconciling after 90 s",
    );
  });
});

describe("describeRelaying", () => {
  it.each([
    [[], "journal only: nothing is relayed (set SLACK_TOKEN and SLACK_CHANNEL, or GITHUB_TOKEN)"],
    [["Slack #C1"], "relaying to Slack #C1"],
    [["Slack #C1", "GitHub api.github.com"], "relaying to Slack #C1 and GitHub api.github.com"],
  ])("%j", (destinations, words) => {
    expect(describeRelaying(destinations)).toBe(words);
  });
});
