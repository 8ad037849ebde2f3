import { generateKeyPairSync } from "node:crypto";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { RELAY_VARIABLES } from "../../../relay/config/index.ts";
import { isRelayConfigError, resolveRelayConfig } from "../../../relay/index.ts";

/** A Standard Webhooks secret of 24 bytes, as short as the service gives them. */
const SECRET = `whsec_${Buffer.from("a-secret-for-the-tests-1").toString("base64")}`;
const BASE = { WEBHOOK_SECRETS: SECRET, RELAY_TOKEN: "0123456789abcdef" };

describe("resolveRelayConfig", () => {
  it("resolves defaults into a frozen object", () => {
    const config = resolveRelayConfig(BASE);
    expect(config).toMatchObject({
      port: 3000,
      signatureScheme: "standard-webhooks",
      toleranceSeconds: 300,
      // Relative to the working directory, resolved once.
      storeUrl: `sqlite:${resolve("data/relay.db")}`,
      warnings: [],
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
    expect(
      resolveRelayConfig({
        ...BASE,
        WEBHOOK_SECRETS:
          " whsec_bmV3LXNlY3JldC1vZi0yNC1ieXRlcyEh , whsec_b2xkLXNlY3JldC1vZi0yNC1ieXRlcyEh ,",
      }).webhookSecrets,
    ).toEqual(["whsec_bmV3LXNlY3JldC1vZi0yNC1ieXRlcyEh", "whsec_b2xkLXNlY3JldC1vZi0yNC1ieXRlcyEh"]);
  });

  it.each([
    [{ WEBHOOK_SECRETS: undefined }, "WEBHOOK_SECRETS"],
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
    [{ CONTENT_REVIEW_API_KEY: "sk_test_0123456789abcdef" }, "CONTENT_REVIEW_BASE_URL"],
    [
      {
        CONTENT_REVIEW_API_KEY: `sk_live_${"ab".repeat(32)}`,
        CONTENT_REVIEW_BASE_URL: "https://api.example/api/",
      },
      "CONTENT_REVIEW_BASE_URL",
    ],
    [
      { CONTENT_REVIEW_API_KEY: "sk_live_abc", CONTENT_REVIEW_BASE_URL: "https://api.example" },
      "CONTENT_REVIEW_API_KEY",
    ],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ RECONCILE_AFTER_SECONDS: "0" }, "RECONCILE_AFTER_SECONDS"],
    [{ RECONCILE_MAX_HOURS: "a day" }, "RECONCILE_MAX_HOURS"],
    [{ RECONCILE_MAX_HOURS: "0" }, "RECONCILE_MAX_HOURS"],
    [{ RECONCILE_SWEEP_SECONDS: "-1" }, "RECONCILE_SWEEP_SECONDS"],
    [{ RELAY_PUBLIC_URL: "relay.example" }, "RELAY_PUBLIC_URL"],
    [{ RELAY_PUBLIC_URL: "https://relay.example" }, "RELAY_PUBLIC_URL"],
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
    const input: Record<string, string | undefined> = { ...BASE, ...env };
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

  it("a CONTENT_REVIEW_BASE_URL refused for its value is not also called missing", () => {
    try {
      resolveRelayConfig({
        ...BASE,
        CONTENT_REVIEW_API_KEY: `sk_live_${"ab".repeat(32)}`,
        CONTENT_REVIEW_BASE_URL: "htp:/x",
      });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe(
        'CONTENT_REVIEW_BASE_URL must be an http(s) URL (got "htp:/x")',
      );
    }
  });

  it("resolveRelayConfig turns reconciliation on with the service's key and URL, decimals allowed", () => {
    expect(resolveRelayConfig(BASE)).toMatchObject({ reconcile: null, publicUrl: null });
    const config = resolveRelayConfig({
      ...BASE,
      CONTENT_REVIEW_BASE_URL: "https://api.example",
      CONTENT_REVIEW_API_KEY: `sk_live_${"a".repeat(64)}`,
      RECONCILE_AFTER_SECONDS: "1",
      RECONCILE_MAX_HOURS: "0.001",
      RELAY_PUBLIC_URL: "https://relay.example",
    });
    expect(config.reconcile).toEqual({ afterMs: 1000, maxMs: 3600, sweepMs: 60_000 });
    expect(config.publicUrl).toBe("https://relay.example");
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

/** An RSA key as GitHub hands an App's key out: PEM, PKCS#1. */
const APP_KEY = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs1", format: "pem" })
  .toString();

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    resolveRelayConfig(env);
  } catch (error) {
    if (isRelayConfigError(error)) return error.problems.map((p) => p.message);
    throw error;
  }
  return [];
}

describe("resolveRelayConfig: messages for people", () => {
  it("resolveRelayConfig reports every missing or invalid variable in one run, one line each", () => {
    const problems = problemsOf({ PORT: "70000", RETENTION_DAYS: "-1", LOG_LEVEL: "loud" });
    expect(problems.map((p) => p.split(" ")[0])).toEqual([
      "PORT",
      "WEBHOOK_SECRETS",
      "RELAY_TOKEN",
      "LOG_LEVEL",
      "RETENTION_DAYS",
    ]);
    for (const p of problems) expect(p).not.toContain("\n");
  });

  it.each([
    ["PORT", "70000", 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    ["PORT", "http", 'PORT must be a whole number from 0 to 65535 (got "http")'],
    ["RETENTION_DAYS", "-1", 'RETENTION_DAYS must be a whole number from 1 to 36500 (got "-1")'],
    ["RELAY_CONCURRENCY", "0", 'RELAY_CONCURRENCY must be a whole number from 1 to 64 (got "0")'],
    ["SLACK_CHANNEL", "  ", "SLACK_CHANNEL must not be blank"],
  ])("resolveRelayConfig says %s=%j in words, not schema output", (variable, value, message) => {
    const problems = problemsOf({ ...BASE, SLACK_TOKEN: "xoxb-1", [variable]: value });
    expect(problems[0]).toContain(message);
    expect(problems.join("\n")).not.toMatch(/expected|Invalid input|Too (big|small)|received/);
  });

  it.each(["-1", "%%%", " ", "99999999999", "ftp://x"])(
    "resolveRelayConfig never answers %j with schema output, for any variable",
    (value) => {
      for (const variable of RELAY_VARIABLES) {
        const text = problemsOf({ ...BASE, [variable]: value }).join("\n");
        expect(text, variable).not.toMatch(
          /expected|Invalid input|Too (big|small)|received|Invalid string/i,
        );
      }
    },
  );

  it.each([
    ["not whsec_", "c2VjcmV0LWtleQ=="],
    ["whsec_ alone", "whsec_"],
    ["not base64", "whsec_!!!!"],
    // Base64 that decodes to no bytes at all: an empty HMAC key.
    ["base64 of nothing (one character)", "whsec_A"],
    ["base64 of nothing (padded)", "whsec_A="],
    ["padding alone", "whsec_===="],
    ["a second one", `${SECRET},whsec_`],
  ])("resolveRelayConfig refuses a Standard Webhooks secret that is %s", (_what, secret) => {
    const problems = problemsOf({ ...BASE, WEBHOOK_SECRETS: secret });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^WEBHOOK_SECRETS must be whsec_ followed by the base64 key/);
    expect(problems[0]).not.toContain("c2VjcmV0");
  });

  it("resolveRelayConfig takes a secret of 16 characters or more for the github and stripe schemes", () => {
    for (const scheme of ["github", "stripe"]) {
      expect(
        resolveRelayConfig({
          ...BASE,
          SIGNATURE_SCHEME: scheme,
          WEBHOOK_SECRETS: "plain-secret-16ch",
        }).webhookSecrets,
      ).toEqual(["plain-secret-16ch"]);
    }
  });

  it.each([
    ["github", "x"],
    ["stripe", "x"],
    ["stripe", "a-long-enough-secret,short"],
  ])("resolveRelayConfig refuses a short %s secret without showing it", (scheme, secrets) => {
    const problems = problemsOf({ ...BASE, SIGNATURE_SCHEME: scheme, WEBHOOK_SECRETS: secrets });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^WEBHOOK_SECRETS must hold secrets of at least 16 characters/);
    expect(problems[0]).not.toContain('short"');
  });
});

describe("resolveRelayConfig: SLACK_CHANNEL", () => {
  const SLACK = { ...BASE, SLACK_TOKEN: "xoxb-1" };
  const where = "e.g. C0123456789; in Slack, a channel's details show it at the bottom of About";

  it.each([
    ["C0123456789", "C0123456789"],
    [" C0123456789 ", "C0123456789"],
    ["G0PRIVATE1", "G0PRIVATE1"],
    ["D0DIRECT12", "D0DIRECT12"],
  ])("resolveRelayConfig takes the conversation id %j", (value, channel) => {
    expect(resolveRelayConfig({ ...SLACK, SLACK_CHANNEL: value }).slack?.channel).toBe(channel);
  });

  // Slack's chat.postMessage takes a name too, but the relay's chat.update and
  // conversations.history/replies take ids only: a name would post, then fail every update.
  it.each([
    [
      "",
      `SLACK_CHANNEL is required when SLACK_TOKEN is set: set the id of the channel to post to (${where})`,
    ],
    [
      "  ",
      `SLACK_CHANNEL must not be blank: set the id of the channel to post to (${where}) (got "  ")`,
    ],
    ["#", `SLACK_CHANNEL is # with no channel: set the channel's id (${where}) (got "#")`],
    [
      "#general",
      `SLACK_CHANNEL is a channel name: set its id instead (${where}); the relay updates its message in place and looks up its own posts, which Slack allows by id only (got "#general")`,
    ],
    ["content-review", "SLACK_CHANNEL is a channel name: set its id instead"],
    [
      "https://acme.slack.com/archives/C0123456789",
      "SLACK_CHANNEL is a link: set the channel id it holds, C0123456789",
    ],
    [
      "https://acme.slack.com/archives/C0123456789/p1700000000000100",
      "SLACK_CHANNEL is a link: set the channel id it holds, C0123456789",
    ],
    [
      "https://app.slack.com/client/T0ABC1234/C0ABCDEF12",
      "SLACK_CHANNEL is a link: set the channel id it holds, C0ABCDEF12",
    ],
    [
      "https://hooks.slack.com/services/T000/B000/XXXX",
      `SLACK_CHANNEL is a link, not a channel id: set the channel's id (${where})`,
    ],
    ["c0123456789", "SLACK_CHANNEL must be upper case, as Slack writes ids: C0123456789"],
    ["@octocat", "SLACK_CHANNEL names a person, not a channel"],
    ["U0123ABCD", "SLACK_CHANNEL names a person, not a channel"],
    ["C0123 C0456", "SLACK_CHANNEL must be a channel id, C… (or G… or D…)"],
  ])("resolveRelayConfig refuses SLACK_CHANNEL=%j and says what to put there", (value, message) => {
    const problems = problemsOf({ ...SLACK, SLACK_CHANNEL: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it("resolveRelayConfig reports a bad channel together with every other problem, routes included", () => {
    const problems = problemsOf({
      ...SLACK,
      PORT: "eighty",
      SLACK_CHANNEL: "#general",
      SLACK_ROUTES: "octo/media=#media",
      RETENTION_DAYS: "0",
    });
    expect(problems.map((p) => p.split(" ")[0])).toEqual([
      "PORT",
      "RETENTION_DAYS",
      "SLACK_CHANNEL",
      "SLACK_ROUTES",
    ]);
    expect(problems[3]).toContain(
      'SLACK_ROUTES has "octo/media=#media", whose channel is a channel name: set its id instead',
    );
  });

  it.each([
    ["octo/*=", "whose channel must not be blank"],
    ["octo/*=#", "whose channel is # with no channel"],
    [
      "octo/*=https://acme.slack.com/archives/C0OCTO1234",
      "whose channel is a link: set the channel id it holds, C0OCTO1234",
    ],
  ])(
    "resolveRelayConfig says what is wrong with the channel of the route %j",
    (routes, message) => {
      const problems = problemsOf({ ...SLACK, SLACK_CHANNEL: "C1", SLACK_ROUTES: routes });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(message);
    },
  );
});

describe("resolveRelayConfig: an organisation", () => {
  it("resolveRelayConfig reads a GitHub App's key with literal \\n sequences as newlines", () => {
    const oneLine = APP_KEY.trim().replaceAll("\n", "\\n");
    const config = resolveRelayConfig({
      ...BASE,
      GITHUB_APP_ID: "123456",
      GITHUB_APP_PRIVATE_KEY: oneLine,
    });
    expect(config.github).toEqual({
      apiUrl: "https://api.github.com",
      token: null,
      app: { appId: "123456", privateKey: APP_KEY.trim() },
    });
  });

  it.each([
    [
      { GITHUB_TOKEN: "ghp_x", GITHUB_APP_ID: "1", GITHUB_APP_PRIVATE_KEY: APP_KEY },
      "GITHUB_TOKEN",
    ],
    [{ GITHUB_APP_ID: "1" }, "GITHUB_APP_PRIVATE_KEY"],
    [{ GITHUB_APP_PRIVATE_KEY: APP_KEY }, "GITHUB_APP_ID"],
    [{ GITHUB_APP_ID: "my-app", GITHUB_APP_PRIVATE_KEY: APP_KEY }, "GITHUB_APP_ID"],
    [
      { GITHUB_APP_ID: "1", GITHUB_APP_PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----" },
      "GITHUB_APP_PRIVATE_KEY",
    ],
  ])("resolveRelayConfig with %j names %s", (env, variable) => {
    const problems = problemsOf({ ...BASE, ...env });
    expect(problems.map((p) => p.split(" ")[0])).toEqual([variable]);
    // The key never shows in a message.
    expect(problems[0]).not.toContain("PRIVATE KEY");
  });

  it("resolveRelayConfig resolves routes in order and mentions by lower-case login", () => {
    const config = resolveRelayConfig({
      ...BASE,
      SLACK_TOKEN: "xoxb-1",
      SLACK_CHANNEL: "C0ALL",
      SLACK_ROUTES: "Octo/Media=C0MEDIA, octo/*=C0OCTO",
      // mona_octocorp: an Enterprise Managed User (handle, `_`, the enterprise's short code).
      SLACK_MENTIONS: "OctoCat=U0CAT,hubot=W0BOT,Mona_OctoCorp=U0MONA",
    });
    expect(config.slack?.routes).toEqual([
      { owner: "octo", repo: "media", channel: "C0MEDIA" },
      { owner: "octo", repo: null, channel: "C0OCTO" },
    ]);
    expect([...(config.slack?.mentions ?? [])]).toEqual([
      ["octocat", "U0CAT"],
      ["hubot", "W0BOT"],
      ["mona_octocorp", "U0MONA"],
    ]);
  });

  it.each([
    [{ SLACK_ROUTES: "octo=C1" }, "SLACK_ROUTES"],
    [{ SLACK_ROUTES: "octo/media" }, "SLACK_ROUTES"],
    [{ SLACK_ROUTES: "*/media=C1" }, "SLACK_ROUTES"],
    [{ SLACK_MENTIONS: "octocat" }, "SLACK_MENTIONS"],
    [{ SLACK_MENTIONS: "octocat=@octocat" }, "SLACK_MENTIONS"],
    [{ SLACK_ROUTES: "=C1" }, "SLACK_ROUTES"],
    [{ SLACK_ROUTES: "octo/*=" }, "SLACK_ROUTES"],
    [{ SLACK_ROUTES: "," }, "SLACK_ROUTES"],
    [{ SLACK_ROUTES: "octo/*=C1 C2" }, "SLACK_ROUTES"],
    [{ SLACK_ROUTES: "octo/*=<!channel>" }, "SLACK_ROUTES"],
    [{ SLACK_ROUTES: "octo--cat/*=C1" }, "SLACK_ROUTES"],
    // A channel's name: posts work, but updates and history lookups take only its id.
    [{ SLACK_ROUTES: "octo/*=#media" }, "SLACK_ROUTES"],
    [{ SLACK_ROUTES: "octo/*=media" }, "SLACK_ROUTES"],
    [{ SLACK_MENTIONS: "=U0123" }, "SLACK_MENTIONS"],
    [{ SLACK_MENTIONS: "octo--cat=U0123" }, "SLACK_MENTIONS"],
    [{ SLACK_MENTIONS: "octocat-=U0123" }, "SLACK_MENTIONS"],
    [{ SLACK_MENTIONS: `${"x".repeat(40)}=U0123` }, "SLACK_MENTIONS"],
    [{ SLACK_MENTIONS: "octocat=<@U0123>" }, "SLACK_MENTIONS"],
    [{ SLACK_MENTIONS: "mona__octocorp=U0123" }, "SLACK_MENTIONS"],
    [{ SLACK_MENTIONS: "_octocorp=U0123" }, "SLACK_MENTIONS"],
  ])("resolveRelayConfig with %j names %s", (env, variable) => {
    const problems = problemsOf({ ...BASE, SLACK_TOKEN: "xoxb-1", SLACK_CHANNEL: "C1", ...env });
    expect(problems.map((p) => p.split(" ")[0])).toEqual([variable]);
  });

  it.each([
    [
      { SLACK_ROUTES: "octo/*=C1, Octo/*=C2" },
      'SLACK_ROUTES must name each pattern once (the first match wins, names compare case-insensitively); "Octo/*=C2" repeats Octo/*',
    ],
    [
      { SLACK_MENTIONS: "octocat=U0001,OctoCat=U0002" },
      'SLACK_MENTIONS must name each login once (logins compare case-insensitively); "OctoCat=U0002" repeats OctoCat',
    ],
    [
      { SLACK_ROUTES: "octo/*=C1,octo/media=C2" },
      'SLACK_ROUTES lists "octo/media=C2" after octo/*, which matches it first (the first match wins): put it before octo/*',
    ],
  ])("resolveRelayConfig refuses an entry that could never apply: %j", (env, message) => {
    const problems = problemsOf({ ...BASE, SLACK_TOKEN: "xoxb-1", SLACK_CHANNEL: "C1", ...env });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it("resolveRelayConfig refuses routes and mentions without Slack", () => {
    const problems = problemsOf({ ...BASE, SLACK_ROUTES: "octo/*=C1", SLACK_MENTIONS: "a=U123" });
    expect(problems.map((p) => p.split(" ")[0])).toEqual(["SLACK_ROUTES", "SLACK_MENTIONS"]);
  });
});

/** A `whsec_` secret whose key has `bytes` bytes. */
const whsec = (bytes: number) => `whsec_${Buffer.alloc(bytes, 7).toString("base64")}`;

describe("resolveRelayConfig: identity", () => {
  it.each([
    ["a trailing newline (a secret made with --from-file)", "0123456789abcdef\n"],
    ["a trailing CRLF", "0123456789abcdef\r\n"],
  ])("resolveRelayConfig drops %s from RELAY_TOKEN", (_what, token) => {
    expect(resolveRelayConfig({ ...BASE, RELAY_TOKEN: token }).relayToken).toBe("0123456789abcdef");
  });

  it.each([
    ["a space inside", "0123456789 abcdef", /must not contain spaces/],
    ["a tab inside", "0123456789\tabcdef", /must not contain spaces/],
    ["a leading space", " 0123456789abcdef", /must not contain spaces/],
    ["a newline inside", "01234567\n89abcdef", /must not contain spaces/],
    ["15 characters and a newline", "0123456789abcde\n", /must be at least 16 characters/],
  ])(
    "resolveRelayConfig refuses a RELAY_TOKEN with %s, without showing it",
    (_what, token, why) => {
      const problems = problemsOf({ ...BASE, RELAY_TOKEN: token });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^RELAY_TOKEN /);
      expect(problems[0]).toMatch(why);
      expect(problems[0]).not.toContain("0123456789");
    },
  );

  it.each([1, 15])("resolveRelayConfig refuses a Standard Webhooks key of %i bytes", (bytes) => {
    const problems = problemsOf({ ...BASE, WEBHOOK_SECRETS: `${SECRET},${whsec(bytes)}` });
    expect(problems).toEqual([
      `WEBHOOK_SECRETS must hold keys of at least 16 bytes (secret 2 of 2 is ${bytes}; the service's are 24 to 64): set the secret the service gave, whole`,
    ]);
  });

  it.each([16, 23])("resolveRelayConfig takes a key of %i bytes, with a warning", (bytes) => {
    const config = resolveRelayConfig({ ...BASE, WEBHOOK_SECRETS: whsec(bytes) });
    expect(config.webhookSecrets).toEqual([whsec(bytes)]);
    expect(config.warnings).toEqual([
      `WEBHOOK_SECRETS: its secret is a key of ${bytes} bytes, shorter than the 24 to 64 of Standard Webhooks: check that it is the secret the service gave, whole`,
    ]);
  });

  it("resolveRelayConfig takes keys of 24 and 64 bytes without a warning", () => {
    const config = resolveRelayConfig({ ...BASE, WEBHOOK_SECRETS: `${whsec(24)},${whsec(64)}` });
    expect(config.warnings).toEqual([]);
  });
});

describe("resolveRelayConfig: STORE_URL", () => {
  it.each([
    [
      "a port that is not a number",
      "postgres://u:pw@127.0.0.1:notaport/test",
      /must be a URL that parses/,
    ],
    [
      "a password with an unencoded #",
      "postgres://u:p#w@127.0.0.1:5432/test",
      /must be a URL that parses/,
    ],
    ["sqlite: with no path (memory)", "sqlite:", /must name the SQLite file/],
    ["sqlite: with a blank path", "sqlite:  ", /must name the SQLite file/],
  ])("resolveRelayConfig refuses %s, without showing it", (_what, url, why) => {
    const problems = problemsOf({ ...BASE, STORE_URL: url });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^STORE_URL /);
    expect(problems[0]).toMatch(why);
    expect(problems[0]).not.toMatch(/pw|p#w/);
  });

  it.each([
    ["postgres://u:pw@127.0.0.1:5432/test", "postgres://u:pw@127.0.0.1:5432/test"],
    ["postgresql://u@db/relay?sslmode=require", "postgresql://u@db/relay?sslmode=require"],
    ["sqlite:/data/relay.db", "sqlite:/data/relay.db"],
    ["sqlite::memory:", "sqlite::memory:"],
    ["sqlite:relay.db", `sqlite:${join("/srv/relay", "relay.db")}`],
    ["sqlite:./data/../relay.db", `sqlite:${join("/srv/relay", "relay.db")}`],
  ])("resolveRelayConfig takes %s as %s (relative to the working directory)", (url, resolved) => {
    expect(resolveRelayConfig({ ...BASE, STORE_URL: url }, "/srv/relay").storeUrl).toBe(resolved);
  });

  it("resolveRelayConfig resolves a relative path under npm run relay against the folder npm was run from", () => {
    const npm = { ...BASE, STORE_URL: "sqlite:./relay.db", INIT_CWD: "/home/me/ops" };
    // `npm run relay` runs in the repository root; INIT_CWD is where the user typed it.
    expect(resolveRelayConfig({ ...npm, npm_lifecycle_event: "relay" }, "/repo").storeUrl).toBe(
      "sqlite:/home/me/ops/relay.db",
    );
    // Another script's INIT_CWD (a relay a test started under `npm test`) is not the relay's.
    expect(resolveRelayConfig({ ...npm, npm_lifecycle_event: "test" }, "/repo").storeUrl).toBe(
      "sqlite:/repo/relay.db",
    );
  });
});

describe("resolveRelayConfig: unknown variables", () => {
  it("resolveRelayConfig warns of relay-like variables it does not read, by name only", () => {
    const config = resolveRelayConfig({
      ...BASE,
      SLACK_CHANEL: "C0-secret-value",
      WEBHOOK_SECRET: "whsec_secret-value",
      RELAY_TOKN: "secret-value",
      STORE_PATH: "secret-value",
      GITHUB_APP_KEY: "secret-value",
      GITHUB_TOKN: "secret-value",
    });
    expect(config.warnings).toEqual([
      "GITHUB_APP_KEY is set, but the relay reads no variable of that name: check its name in --help",
      "GITHUB_TOKN is set, but the relay reads no variable of that name: did you mean GITHUB_TOKEN?",
      "RELAY_TOKN is set, but the relay reads no variable of that name: did you mean RELAY_TOKEN?",
      "SLACK_CHANEL is set, but the relay reads no variable of that name: did you mean SLACK_CHANNEL?",
      "STORE_PATH is set, but the relay reads no variable of that name: check its name in --help",
      "WEBHOOK_SECRET is set, but the relay reads no variable of that name: did you mean WEBHOOK_SECRETS?",
    ]);
    expect(config.warnings.join("\n")).not.toContain("secret-value");
  });

  it.each([
    [
      { RELAY_TOKEN: BASE.RELAY_TOKEN, WEBHOOK_SECRET: "whsec_secret-value" },
      "WEBHOOK_SECRETS is required: set one or more comma-separated signing secrets (WEBHOOK_SECRET is set: did you mean WEBHOOK_SECRETS?)",
    ],
    [
      { WEBHOOK_SECRETS: SECRET, RELAY_TOKN: "secret-value" },
      "RELAY_TOKEN is required: set a bearer token for /links and the admin routes (RELAY_TOKN is set: did you mean RELAY_TOKEN?)",
    ],
    [
      { ...BASE, SLACK_TOKEN: "xoxb-1", SLACK_CHANEL: "C0123456789" },
      "SLACK_CHANNEL is required when SLACK_TOKEN is set: set the id of the channel to post to (e.g. C0123456789; in Slack, a channel's details show it at the bottom of About) (SLACK_CHANEL is set: did you mean SLACK_CHANNEL?)",
    ],
  ])(
    "resolveRelayConfig names a near-miss of a required variable in its error (%j)",
    (env, line) => {
      const problems = problemsOf(env);
      expect(problems).toEqual([line]);
      expect(problems.join("\n")).not.toContain("secret-value");
    },
  );

  it("resolveRelayConfig says nothing of a runner's GITHUB_* variables, nor of its own", () => {
    const config = resolveRelayConfig({
      ...BASE,
      GITHUB_ACTIONS: "true",
      GITHUB_REPOSITORY: "octo/media",
      GITHUB_SHA: "abc",
      GITHUB_REF: "refs/heads/main",
      GITHUB_ENV: "/tmp/env",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_GRAPHQL_URL: "https://api.github.com/graphql",
      GITHUB_API_URL: "https://api.github.com",
      SLACK_MIN_INTERVAL_MS: "1000",
      STORE_SCHEMA: "relay",
      HOME: "/home/me",
    });
    expect(config.warnings).toEqual([]);
  });
});
