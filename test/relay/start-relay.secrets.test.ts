import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../emulator/github/index.ts";
import { createLogger, resolveRelayConfig, startRelay } from "../../relay/index.ts";
import { type FakeSlack, startFakeSlack } from "../fakes/fake-slack.ts";
import { relayTestEnv } from "./helpers/relay-test-env.ts";
import {
  eventBody,
  sendSigned,
  TEST_RELAY_TOKEN,
  TEST_SECRET,
  waitUntil,
} from "./helpers/signed-sender.ts";

const dir = mkdtempSync(join(tmpdir(), "relay-secrets-"));
let slack: FakeSlack | undefined;
let github: GithubStandIn | undefined;

afterAll(async () => {
  await slack?.close();
  await github?.close();
});

describe("startRelay logs", () => {
  it("never carry a secret, even at debug level with every relay failing on bad credentials", async () => {
    // The fakes accept other tokens than the relay's, so every call fails and is logged.
    slack = await startFakeSlack({ token: "xoxb-the-right-one" });
    github = await startGithubStandIn({ token: "ghs_the_right_one" });
    // A service that refuses the key, as the real one answers a wrong key (part 5): enrichment
    // fails at once, without the retries a service that cannot be reached would get.
    const service = createServer((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end('{"detail":"Invalid API key"}');
    });
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const secrets = {
      WEBHOOK_SECRETS: TEST_SECRET,
      RELAY_TOKEN: TEST_RELAY_TOKEN,
      SLACK_TOKEN: "xoxb-secret-slack-token-123",
      GITHUB_TOKEN: "ghs_secretgithubtoken456",
      CONTENT_REVIEW_API_KEY: "sk_test_secretapikey789",
    };
    const lines: string[] = [];
    const relay = await startRelay(
      resolveRelayConfig(
        relayTestEnv({
          ...secrets,
          STORE_URL: `sqlite:${join(dir, "relay.db")}`,
          SLACK_CHANNEL: "C0SECRET",
          SLACK_API_URL: slack.apiUrl,
          SLACK_MIN_INTERVAL_MS: "0",
          GITHUB_API_URL: github.apiUrl,
          // Enrichment fails too, and its error is logged.
          CONTENT_REVIEW_BASE_URL: serviceUrl,
          RELAY_RETRY_BASE_MS: "10",
          RELAY_RETRY_MAX_MS: "20",
          RELAY_MAX_ATTEMPTS: "2",
        }),
      ),
      { logger: createLogger("debug", (line) => lines.push(line)) },
    );
    try {
      await fetch(`${relay.url}/links`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_RELAY_TOKEN}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          submissionId: "sub-secret",
          repository: "acme/site",
          sha: "a".repeat(40),
        }),
      });
      const body = eventBody({ submissionId: "sub-secret", assetId: "a-1" });
      await sendSigned(relay.url, { id: "msg_secret_ok", body });
      await sendSigned(relay.url, {
        id: "msg_secret_forged",
        body,
        secret: "whsec_Zm9yZ2VkLXNlY3JldC1mb3ItdGhlLWxvZy10ZXN0",
      });
      await waitUntil("a dead-lettered event", () =>
        lines.some((l) => l.includes("dead-lettered")),
      );
    } finally {
      await relay.close();
      service.closeAllConnections();
      await new Promise((resolve) => service.close(resolve));
    }
    const log = lines.join("\n");
    expect(log).toContain("webhook refused");
    expect(log).toMatch(/enrich/i);
    for (const value of Object.values(secrets)) expect(log).not.toContain(value);
    expect(log).not.toContain(TEST_SECRET.slice("whsec_".length));
  });
});
