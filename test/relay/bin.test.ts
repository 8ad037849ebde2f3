import { mkdtempSync } from "node:fs";
import { createServer as createHttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RELAY_VARIABLES } from "../../relay/config/index.ts";
import { PACKAGE_VERSION } from "../../src/api/index.ts";
import { type RelayProcess, runRelayToExit, spawnRelay } from "./helpers/relay-process.ts";
import { relayTestEnv } from "./helpers/relay-test-env.ts";
import { runRelayMain } from "./helpers/run-relay-main.ts";
import { eventBody, sendSigned, waitUntil } from "./helpers/signed-sender.ts";
import { startTestRelay } from "./helpers/start-test-relay.ts";

// In the run's private TMPDIR, removed with it.
const dir = mkdtempSync(join(tmpdir(), "relay-bin-"));
const running: RelayProcess[] = [];
afterAll(async () => {
  for (const relay of running) {
    if (relay.child.exitCode === null) relay.child.kill("SIGKILL");
    await relay.exited;
  }
});

const BASE = relayTestEnv();
/** A sandbox key of the service's shape. */
const SK = "sk_test_0123456789abcdef";

// The settings, arguments, --help and listening failures end before the relay serves: they run
// through the same `main` in this process (runRelayMain). A process each proves what only the
// executable does: a real exit with its code, the start line and warnings on its streams,
// signals, and the SQLite file's owner across processes.
describe("relay/bin.ts", () => {
  it.each<[Record<string, string>, string]>([
    [{ ...BASE, PORT: "eighty" }, "PORT"],
    [{ ...BASE, SIGNATURE_SCHEME: "auto" }, "SIGNATURE_SCHEME"],
    [{ ...BASE, WEBHOOK_SECRETS: "whsec_" }, "WEBHOOK_SECRETS"],
    [{ ...BASE, SLACK_TOKEN: "xoxb-bin", SLACK_CHANNEL: "#general" }, "SLACK_CHANNEL"],
    // Not waited on as a database outage: no waiting makes it parse.
    [{ ...BASE, STORE_URL: "postgres://u:pw@127.0.0.1:notaport/test" }, "STORE_URL"],
    [{ ...BASE, STORE_URL: "sqlite:" }, "STORE_URL"],
    [{ ...BASE, RELAY_TOKEN: "relay token with spaces" }, "RELAY_TOKEN"],
    // Settings the service client refuses: the relay named neither and exited 1, "restart me".
    [
      { ...BASE, CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:9/api", CONTENT_REVIEW_API_KEY: SK },
      "CONTENT_REVIEW_BASE_URL",
    ],
    [
      { ...BASE, CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:9", CONTENT_REVIEW_API_KEY: "bogus" },
      "CONTENT_REVIEW_API_KEY",
    ],
    // GitHub's web address answers no REST call: every status would be dead-lettered.
    [{ ...BASE, GITHUB_TOKEN: "ghs_bin", GITHUB_API_URL: "https://github.com" }, "GITHUB_API_URL"],
    // Slack's API lives under /api/: at the bare host every call fails.
    [
      {
        ...BASE,
        SLACK_TOKEN: "xoxb-bin",
        SLACK_CHANNEL: "C0BIN",
        SLACK_API_URL: "https://slack.com",
      },
      "SLACK_API_URL",
    ],
    // Retention would delete a watched submission's state before its limit: pending for ever.
    [
      {
        ...BASE,
        CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:9",
        CONTENT_REVIEW_API_KEY: SK,
        RETENTION_DAYS: "1",
      },
      "RECONCILE_MAX_HOURS",
    ],
    // Issue #31 part 4: secrets in clear text, and settings that can never work.
    ...(
      [
        [
          {
            SLACK_TOKEN: "xoxb-bin",
            SLACK_CHANNEL: "C0BIN",
            SLACK_API_URL: "http://slack.com/api/",
          },
          "SLACK_API_URL",
        ],
        [{ GITHUB_TOKEN: "ghs_bin", GITHUB_API_URL: "http://api.github.com" }, "GITHUB_API_URL"],
        [
          { CONTENT_REVIEW_BASE_URL: "http://review.example", CONTENT_REVIEW_API_KEY: SK },
          "CONTENT_REVIEW_BASE_URL",
        ],
        [
          { GITHUB_TOKEN: "ghs_bin", GITHUB_API_URL: "http://ghes.example/api/v3" },
          "GITHUB_API_URL",
        ],
        [
          {
            SLACK_TOKEN: "xoxb-bin",
            SLACK_CHANNEL: "C0BIN",
            SLACK_API_URL: "https://api.slack.com/",
          },
          "SLACK_API_URL",
        ],
        [
          {
            SLACK_TOKEN: "xoxb-bin",
            SLACK_CHANNEL: "C0BIN",
            SLACK_API_URL: "https://hooks.slack.com/api/",
          },
          "SLACK_API_URL",
        ],
        [
          { GITHUB_TOKEN: "ghs_bin", GITHUB_API_URL: "https://api.github.com/repos" },
          "GITHUB_API_URL",
        ],
        [
          {
            CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:9",
            CONTENT_REVIEW_API_KEY: SK,
            RELAY_PUBLIC_URL: "https://relay.example/?x=1",
          },
          "RELAY_PUBLIC_URL",
        ],
        [
          {
            CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:9",
            CONTENT_REVIEW_API_KEY: SK,
            RELAY_PUBLIC_URL: "https://relay.example/#top",
          },
          "RELAY_PUBLIC_URL",
        ],
        [
          {
            OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9",
            OTEL_EXPORTER_OTLP_PROTOCOL: "grpc",
          },
          "OTEL_EXPORTER_OTLP_PROTOCOL",
        ],
        [{ OTEL_EXPORTER_OTLP_ENDPOINT: "not-a-url" }, "OTEL_EXPORTER_OTLP_ENDPOINT"],
        // Checked with tracing off too: a wrong sampler waits for no endpoint to be refused.
        [{ OTEL_TRACES_SAMPLER: "always" }, "OTEL_TRACES_SAMPLER"],
        [{ RECONCILE_AFTER_SECONDS: "7200", RECONCILE_MAX_HOURS: "1" }, "RECONCILE_AFTER_SECONDS"],
        [
          { RECONCILE_AFTER_SECONDS: "172800", RECONCILE_MAX_HOURS: "48", RETENTION_DAYS: "1" },
          "RETENTION_DAYS",
        ],
        [{ SIGNATURE_SCHEME: "stripe", WEBHOOK_SECRETS: "x" }, "WEBHOOK_SECRETS"],
        [{ SIGNATURE_SCHEME: "github", WEBHOOK_SECRETS: "x" }, "WEBHOOK_SECRETS"],
      ] as const
    ).map(([env, variable]): [Record<string, string>, string] => [{ ...BASE, ...env }, variable]),
  ])("with %j prints one line naming %s and exits 2 (configuration)", async (env, variable) => {
    const { code, stderr } = await runRelayMain(env);
    expect(code).toBe(2);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^content-review-relay: ${variable} `));
  });

  it("prints one line for each missing or invalid variable, all in one run, and exits 2", async () => {
    const { code, stderr } = await runRelayToExit({ PORT: "70000", RETENTION_DAYS: "-1" });
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toEqual([
      'content-review-relay: PORT must be a whole number from 0 to 65535 (got "70000")',
      "content-review-relay: WEBHOOK_SECRETS is required: set one or more comma-separated signing secrets",
      "content-review-relay: RELAY_TOKEN is required: set a bearer token for /links and the admin routes",
      'content-review-relay: RETENTION_DAYS must be a whole number from 1 to 36500 (got "-1")',
    ]);
  });

  it("--help prints every variable it reads and exits 0", async () => {
    const { code, stdout, stderr } = await runRelayMain({}, ["--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^Usage: content-review-relay/);
    for (const variable of RELAY_VARIABLES)
      expect(stdout).toMatch(new RegExp(`^  ${variable} `, "m"));
    expect(stdout).toMatch(
      /^Exit codes:\n {2}0 +.*\n {2}1 +runtime failure.*\n {2}2 +configuration error/m,
    );
  });

  it.each(["--version", "-V"])("%s prints the version and exits 0", async (flag) => {
    const { code, stdout, stderr } = await runRelayMain({}, [flag]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toBe(`${PACKAGE_VERSION}\n`);
  });

  it("refuses an argument with one line and exits 2 (usage), as the CLI does", async () => {
    const { code, stderr } = await runRelayMain(BASE, ["--port=3000"]);
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^content-review-relay: unknown argument "--port=3000"/);
  });

  it("names the port taken and how to pick a free one when PORT is in use", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stderr } = await runRelayMain({
        ...BASE,
        PORT: String(port),
        STORE_URL: `sqlite:${join(dir, "port-taken.db")}`,
      });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `content-review-relay: could not start: port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT to another port (set PORT=0 to pick a free one)`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it.each(["999.1.1.1", "relay-host.invalid", "192.0.2.1"])(
    "names HOST, and what to put there, when HOST=%s cannot be listened on",
    async (host) => {
      const { code, stderr } = await runRelayMain({
        ...BASE,
        HOST: host,
        PORT: "0",
        STORE_URL: `sqlite:${join(dir, `host-${host}.db`)}`,
      });
      expect(code).toBe(1);
      expect(stderr.trim().split("\n")).toEqual([
        `content-review-relay: could not start: HOST ${host} is not an address of this machine: set HOST to one of its addresses, 0.0.0.0 for all of them, or 127.0.0.1 for this machine alone`,
      ]);
    },
  );

  it("starts with one line stating the address bound, the journal and that nothing is relayed, warns of a misspelt variable, and exits 0 on SIGTERM", async () => {
    const path = join(dir, "journal-only.db");
    const relay = await spawnRelay({
      ...BASE,
      STORE_URL: `sqlite:${path}`,
      SLACK_CHANEL: "C0TYPO",
    });
    running.push(relay);
    expect(relay.startLine).toMatch(
      new RegExp(
        `^content-review-relay listening on http://127\\.0\\.0\\.1:\\d+ · journal sqlite ${path.replace(/[.]/g, "\\.")} · journal only: nothing is relayed`,
      ),
    );
    const warning =
      "content-review-relay: warning: SLACK_CHANEL is set, but the relay reads no variable of that name: did you mean SLACK_CHANNEL?";
    // stderr and stdout are two pipes: the warning, written first, may arrive after the start line.
    await waitUntil("the warning", () => relay.stderr.includes(warning));
    relay.child.kill("SIGTERM");
    expect(await relay.exited).toBe(0);
  });

  // What the start line says of the destinations is the relay's summary (the line above shows
  // the executable prints it): a relay in this process shows it without a process of its own.
  it("names the Slack channel and GitHub it relays to, with their hosts", async () => {
    const { relay } = await startTestRelay({
      env: {
        SLACK_TOKEN: "xoxb-start-line",
        SLACK_CHANNEL: "C0START",
        SLACK_API_URL: "http://127.0.0.1:9/api/",
        GITHUB_TOKEN: "ghs_start_line",
        GITHUB_API_URL: "https://github.example.com/api/v3",
      },
    });
    expect(relay.summary).toContain(
      "relaying to Slack channel C0START (127.0.0.1:9) and GitHub commit statuses (github.example.com)",
    );
    // Without the service's key and URL, nothing reconciles what never arrives: it says so.
    expect(relay.summary).toContain(
      "reconciliation off (set CONTENT_REVIEW_API_KEY and CONTENT_REVIEW_BASE_URL)",
    );
    expect(relay.summary).not.toMatch(/xoxb-|ghs_/);
  });

  it("drains after two SIGINTs (Ctrl+C under npm run relay: the terminal's and npm's) and exits 0", async () => {
    // A Slack that holds every request until released: the relay's attempt stays in flight.
    const held: ServerResponse[] = [];
    let released = false;
    const answer = (res: ServerResponse) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, channel: "C0DRAIN", ts: "1700000000.000100" }));
    };
    const slack = createHttpServer((req, res) => {
      req.resume();
      if (released) answer(res);
      else held.push(res);
    });
    await new Promise<void>((resolve) => slack.listen(0, "127.0.0.1", resolve));
    try {
      const relay = await spawnRelay({
        ...BASE,
        STORE_URL: `sqlite:${join(dir, "two-sigints.db")}`,
        SLACK_TOKEN: "xoxb-two-sigints",
        SLACK_CHANNEL: "C0DRAIN",
        SLACK_API_URL: `http://127.0.0.1:${(slack.address() as AddressInfo).port}/api/`,
        RELAY_SHUTDOWN_TIMEOUT_MS: "60000",
      });
      running.push(relay);
      const body = eventBody({
        type: "asset.processing.failed",
        submissionId: "s-1",
        assetId: "a-1",
      });
      expect((await sendSigned(relay.url, { id: "msg_two_sigints", body })).status).toBe(200);
      await waitUntil("the relay's call to Slack", () => held.length > 0);

      relay.child.kill("SIGINT");
      await waitUntil("the drain", () => relay.stderr.some((l) => /SIGINT: draining/.test(l)));
      relay.child.kill("SIGINT");
      await waitUntil(
        "the second SIGINT answered, or the end of the relay",
        () =>
          relay.stderr.some((l) => /SIGINT again: still draining/.test(l)) ||
          relay.child.exitCode !== null ||
          relay.child.signalCode !== null,
      );
      expect(relay.child.signalCode).toBeNull();
      // Slack answers: the in-flight post completes, the drain ends, the relay exits 0.
      released = true;
      for (const res of held) answer(res);
      expect(await relay.exited).toBe(0);
    } finally {
      slack.closeAllConnections();
      await new Promise((resolve) => slack.close(resolve));
    }
  });

  it("refuses a second process on the same SQLite file with one line; a SIGKILLed owner blocks no restart", async () => {
    const path = join(dir, "owned.db");
    const env = { ...BASE, STORE_URL: `sqlite:${path}` };
    const owner = await spawnRelay(env);
    running.push(owner);
    const second = await runRelayMain(env);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe("");
    const lines = second.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `content-review-relay: could not start: The SQLite journal ${path} is in use by another relay process; one process owns a SQLite journal, so run several replicas on Postgres (STORE_URL=postgres://...)`,
    );
    // The owner goes on serving.
    expect((await fetch(`${owner.url}/readyz`)).status).toBe(200);
    owner.child.kill("SIGKILL");
    await owner.exited;
    // The lock died with its process: the next owner (here, a relay in this process) opens it.
    const next = await startTestRelay({ store: { url: env.STORE_URL } });
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
  });
});
