// @ts-nocheck
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type RelayProcess, runRelayToExit, spawnRelay } from "./helpers/relay-process.ts";
import { TEST_RELAY_TOKEN, TEST_SECRET } from "./helpers/signed-sender.ts";

const dir = mkdtempSync(join(tmpdir(), "relay-bin-"));
const running: RelayProcess[] = [];
afterAll(async () => {
  for (const relay of running) {
    if (relay.child.exitCode === null) relay.child.kill("SIGKILL");
    await relay.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

const BASE = { WEBHOOK_SECRETS: TEST_SECRET, RELAY_TOKEN: TEST_RELAY_TOKEN };

describe("receiver/bin.ts", () => {
  it.each([
    [{}, "WEBHOOK_SECRETS"],
    [{ WEBHOOK_SECRETS: "whsec_a", RELAY_TOKEN: "0123456789abcdef", PORT: "eighty" }, "PORT"],
    [
      { WEBHOOK_SECRETS: "whsec_a", RELAY_TOKEN: "0123456789abcdef", SIGNATURE_SCHEME: "auto" },
      "SIGNATURE_SCHEME",
    ],
  ])("with %j prints one line naming %s and exits 1", async (env, variable) => {
    const { code, stderr } = await runRelayToExit(env);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^content-review-relay: ${variable} `));
  });

  it("starts with one line stating the address bound, the journal and that nothing is relayed", async () => {
    const path = join(dir, "journal-only.db");
    const relay = await spawnRelay({ ...BASE, STORE_URL: `sqlite:${path}` });
    running.push(relay);
    expect(relay.startLine).toMatch(
      new RegExp(
        `^content-review-relay listening on http://127\\.0\\.0\\.1:\\d+ · journal sqlite ${path.replace(/[.]/g, "\\.")} · journal only: nothing is relayed`,
      ),
    );
    relay.child.kill("SIGTERM");
    expect(await relay.exited).toBe(0);
  });

  it("names the Slack channel and GitHub it relays to, with their hosts", async () => {
    const relay = await spawnRelay({
      ...BASE,
      STORE_URL: `sqlite:${join(dir, "destinations.db")}`,
      SLACK_TOKEN: "xoxb-start-line",
      SLACK_CHANNEL: "C0START",
      SLACK_API_URL: "http://127.0.0.1:9/api/",
      GITHUB_TOKEN: "ghs_start_line",
      GITHUB_API_URL: "https://github.example.com/api/v3",
    });
    running.push(relay);
    expect(relay.startLine).toContain(
      "relaying to Slack channel C0START (127.0.0.1:9) and GitHub commit statuses (github.example.com)",
    );
    expect(relay.startLine).not.toMatch(/xoxb-|ghs_/);
    relay.child.kill("SIGTERM");
    expect(await relay.exited).toBe(0);
  });

  it("refuses a second process on the same SQLite file with one line; a SIGKILLed owner blocks no restart", async () => {
    const path = join(dir, "owned.db");
    const env = { ...BASE, STORE_URL: `sqlite:${path}` };
    const owner = await spawnRelay(env);
    running.push(owner);
    const second = await runRelayToExit(env);
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
    const next = await spawnRelay(env);
    running.push(next);
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
    next.child.kill("SIGTERM");
    expect(await next.exited).toBe(0);
  });
});
