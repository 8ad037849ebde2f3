import { generateKeyPairSync } from "node:crypto";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../../emulator/index.ts";
import { createGithubRelay } from "../../../relay/destinations/github-relay.ts";
import { isDestinationError } from "../../../relay/effects/destination-error.ts";
import type { Journal } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import { attemptContext, memoryJournal } from "../helpers/effect-context.ts";

const SHA = "c".repeat(40);
const status = {
  state: "success" as const,
  description: "1/1 assets reviewed: no issues",
  context: "content-review",
  targetUrl: null,
};

let emulator: EmulatorHandle;
let journal: Journal;
let relay: ReturnType<typeof createGithubRelay>;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const res = await fetch(`${emulator.githubApiUrl}/apps`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ owners: ["acme"] }),
  });
  const app = (await res.json()) as { appId: string; privateKey: string };
  journal = memoryJournal();
  relay = createGithubRelay({
    token: null,
    app,
    apiUrl: emulator.githubApiUrl,
    effects: journal,
    logger: createLogger("silent"),
  });
});
afterAll(async () => {
  await journal?.close(0);
  await emulator?.close();
});

describe("createGithubRelay as a GitHub App", () => {
  it("createGithubRelay names the App's settings when GitHub refuses its JWT (another key)", async () => {
    const impostor = createGithubRelay({
      token: null,
      app: {
        appId: "100001",
        privateKey: generateKeyPairSync("rsa", { modulusLength: 2048 })
          .privateKey.export({ type: "pkcs1", format: "pem" })
          .toString(),
      },
      apiUrl: emulator.githubApiUrl,
      effects: journal,
      logger: createLogger("silent"),
    });
    const error = await impostor.setStatus("s-0", "acme/site", SHA, status, attemptContext()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDestinationError(error) && error.outcome).toBe("not-performed");
    expect((error as Error).message).toContain(
      "GitHub refused the App's credentials (HTTP 401): check GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY",
    );
  });

  it("createGithubRelay sets a status with the installation's token", async () => {
    await relay.setStatus("s-1", "acme/site", SHA, status, attemptContext());
    const statuses = (await (await fetch(`${emulator.githubApiUrl}/statuses`)).json()) as unknown[];
    expect(statuses).toEqual([
      expect.objectContaining({ repository: "acme/site", state: "success" }),
    ]);
  });

  it("createGithubRelay says to install the App on a repository it is not installed on, as a refusal (nothing was set)", async () => {
    const error = await relay.setStatus("s-2", "other/site", SHA, status, attemptContext()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDestinationError(error) && error.outcome).toBe("not-performed");
    expect((error as Error).message).toMatch(
      /the GitHub App \d+ is not installed on other\/site: install it on the repository \(or its owner\) with the "Commit statuses: write" permission/,
    );
    expect((error as Error).message).not.toContain("PRIVATE KEY");
  });

  it("createGithubRelay never shows the App's key, its JWT or an installation token, in logs or errors", async () => {
    const res = await fetch(`${emulator.githubApiUrl}/apps`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ owners: ["acme"] }),
    });
    const app = (await res.json()) as { appId: string; privateKey: string };
    const lines: string[] = [];
    const logged = createGithubRelay({
      token: null,
      app,
      apiUrl: emulator.githubApiUrl,
      effects: journal,
      logger: createLogger("debug", (line) => lines.push(line)),
    });
    const shown: string[] = [];
    await logged.setStatus("s-3", "acme/site", SHA, status, attemptContext());
    // Not installed: the JWT went out and was answered 404; the whole error, cause and all.
    await logged.setStatus("s-4", "other/site", SHA, status, attemptContext()).catch((e) => {
      shown.push(inspect(e, { depth: 8 }));
    });
    const text = [...lines, ...shown].join("\n");
    expect(shown).toHaveLength(1);
    expect(text).not.toContain("PRIVATE KEY");
    const keyBody = app.privateKey.split("\n")[1] ?? "";
    expect(keyBody.length).toBeGreaterThan(20);
    expect(text).not.toContain(keyBody);
    expect(text).not.toMatch(/eyJ[\w-]{10,}/); // a JWT
    expect(text).not.toMatch(/ghs_[0-9a-f]{8,}/); // an installation token
  });
});
