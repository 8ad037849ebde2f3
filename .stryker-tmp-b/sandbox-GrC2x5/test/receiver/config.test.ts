// @ts-nocheck
import { describe, expect, it } from "vitest";
import { isRelayConfigError, resolveRelayConfig } from "../../receiver/index.ts";

const BASE = { WEBHOOK_SECRETS: "whsec_abc", RELAY_TOKEN: "0123456789abcdef" };

describe("resolveRelayConfig", () => {
  it("resolves defaults into a frozen object", () => {
    const config = resolveRelayConfig(BASE);
    expect(config).toMatchObject({
      port: 3000,
      signatureScheme: "standard-webhooks",
      toleranceSeconds: 300,
      storeUrl: "sqlite:./data/relay.db",
      slack: null,
      github: null,
      contentReview: null,
      logLevel: "info",
      retentionDays: 30,
      dedupeDays: 90,
      // A third of the 60 s job lease.
      handlerTimeoutMs: 20_000,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("splits comma-separated secrets for rotation", () => {
    expect(resolveRelayConfig({ ...BASE, WEBHOOK_SECRETS: " new , old ," }).webhookSecrets).toEqual(
      ["new", "old"],
    );
  });

  it.each([
    [{}, "WEBHOOK_SECRETS"],
    [{ WEBHOOK_SECRETS: " , " }, "WEBHOOK_SECRETS"],
    [{ RELAY_TOKEN: undefined }, "RELAY_TOKEN"],
    [{ RELAY_TOKEN: "short" }, "RELAY_TOKEN"],
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ SIGNATURE_SCHEME: "svix" }, "SIGNATURE_SCHEME"],
    [{ SIGNATURE_TOLERANCE_SECONDS: "-1" }, "SIGNATURE_TOLERANCE_SECONDS"],
    [{ STORE_URL: "mysql://x" }, "STORE_URL"],
    [{ SLACK_TOKEN: "xoxb-1" }, "SLACK_CHANNEL"],
    [{ SLACK_CHANNEL: "C1" }, "SLACK_TOKEN"],
    [{ SLACK_API_URL: "not a url" }, "SLACK_API_URL"],
    [{ GITHUB_API_URL: "ftp://x" }, "GITHUB_API_URL"],
    [{ CONTENT_REVIEW_API_KEY: "sk_test_x" }, "CONTENT_REVIEW_BASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ RETENTION_DAYS: "0" }, "RETENTION_DAYS"],
    [{ RETENTION_DAYS: "a month" }, "RETENTION_DAYS"],
    [{ DEDUPE_DAYS: "0" }, "DEDUPE_DAYS"],
    [{ RETENTION_DAYS: "30", DEDUPE_DAYS: "29" }, "DEDUPE_DAYS"],
    [{ RELAY_HANDLER_TIMEOUT_MS: "30001" }, "RELAY_HANDLER_TIMEOUT_MS"],
    [
      { RELAY_JOB_EXPIRE_SECONDS: "8", RELAY_HANDLER_TIMEOUT_MS: "5000" },
      "RELAY_HANDLER_TIMEOUT_MS",
    ],
  ])("with %j names %s in one line", (env, variable) => {
    const input: Record<string, string | undefined> =
      Object.keys(env).length === 0 ? {} : { ...BASE, ...env };
    try {
      resolveRelayConfig(input);
      expect.unreachable();
    } catch (error) {
      expect(isRelayConfigError(error)).toBe(true);
      const e = error as Error & { variable: string };
      expect(e.variable).toBe(variable);
      expect(e.message.startsWith(variable)).toBe(true);
      expect(e.message).not.toContain("\n");
    }
  });

  it("derives the attempt deadline from the job lease unless it is set", () => {
    expect(resolveRelayConfig({ ...BASE, RELAY_JOB_EXPIRE_SECONDS: "9" }).handlerTimeoutMs).toBe(
      3000,
    );
    expect(
      resolveRelayConfig({ ...BASE, RELAY_HANDLER_TIMEOUT_MS: "30000", RETENTION_DAYS: "7" }),
    ).toMatchObject({ handlerTimeoutMs: 30_000, retentionDays: 7 });
  });

  it("keeps delivery ids 90 days, or as long as entries when RETENTION_DAYS is longer", () => {
    expect(resolveRelayConfig({ ...BASE, DEDUPE_DAYS: "30" }).dedupeDays).toBe(30);
    expect(resolveRelayConfig({ ...BASE, RETENTION_DAYS: "120" }).dedupeDays).toBe(120);
    expect(() => resolveRelayConfig({ ...BASE, DEDUPE_DAYS: "7" })).toThrow(
      /^DEDUPE_DAYS must be at least RETENTION_DAYS \(30\)/,
    );
  });

  it("never echoes a secret value in its message", () => {
    expect(() => resolveRelayConfig({ ...BASE, RELAY_TOKEN: "s3cr3t" })).toThrow(
      /^RELAY_TOKEN must be at least 16 characters$/,
    );
  });
});
