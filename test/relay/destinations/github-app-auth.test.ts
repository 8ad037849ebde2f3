import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../../emulator/index.ts";
import {
  createGithubAppAuth,
  REFRESH_BEFORE_EXPIRY_MS,
} from "../../../relay/destinations/github-app-auth.ts";

let emulator: EmulatorHandle;
let app: { appId: string; privateKey: string };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const res = await fetch(`${emulator.githubApiUrl}/apps`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ owners: ["acme", "octo"] }),
  });
  app = (await res.json()) as typeof app;
});
afterAll(() => emulator?.close());

async function tokensIssued(): Promise<Record<string, number>> {
  const apps = (await (await fetch(`${emulator.githubApiUrl}/apps`)).json()) as {
    installations: { account: string; tokensIssued: number }[];
  }[];
  return Object.fromEntries(
    apps.flatMap((a) => a.installations.map((i) => [i.account, i.tokensIssued])),
  );
}

describe("createGithubAppAuth against the emulator's GitHub", () => {
  it("createGithubAppAuth caches a token per installation and renews it before expires_at", async () => {
    let now = Date.now();
    const auth = createGithubAppAuth({
      ...app,
      octokit: new Octokit({ baseUrl: emulator.githubApiUrl }),
      now: () => now,
    });
    const signal = new AbortController().signal;
    const first = await auth.authorization("acme/site", signal);
    expect(first).toMatch(/^token ghs_/);
    // Another repository of the same installation, and the same one again: the cached token.
    expect(await auth.authorization("acme/docs", signal)).toBe(first);
    expect(await auth.authorization("acme/site", signal)).toBe(first);
    // Another installation has its own token.
    const octo = await auth.authorization("octo/media", signal);
    expect(octo).not.toBe(first);
    expect(await tokensIssued()).toEqual({ acme: 1, octo: 1 });

    // Within the margin before expires_at (GitHub gives an hour), a new token. A minute into
    // the margin: the token was issued some time after `now` was read, on a loaded machine
    // more than a second.
    now += 3600_000 - REFRESH_BEFORE_EXPIRY_MS + 60_000;
    const renewed = await auth.authorization("acme/site", signal);
    expect(renewed).not.toBe(first);
    expect(await tokensIssued()).toEqual({ acme: 2, octo: 1 });

    // The renewed token sets a status on the emulator's GitHub.
    const status = await fetch(
      `${emulator.githubApiUrl}/repos/acme/site/statuses/${"a".repeat(40)}`,
      {
        method: "POST",
        headers: { authorization: renewed, "content-type": "application/json" },
        body: JSON.stringify({ state: "success", context: "content-review" }),
      },
    );
    expect(status.status).toBe(201);
    // Any other token is refused now that an App exists.
    const wrong = await fetch(
      `${emulator.githubApiUrl}/repos/acme/site/statuses/${"a".repeat(40)}`,
      {
        method: "POST",
        headers: { authorization: "token ghs_wrong", "content-type": "application/json" },
        body: JSON.stringify({ state: "success", context: "content-review" }),
      },
    );
    expect(wrong.status).toBe(401);
  });

  it("createGithubAppAuth fails with GitHub's 404 for a repository the App is not installed on", async () => {
    const auth = createGithubAppAuth({
      ...app,
      octokit: new Octokit({ baseUrl: emulator.githubApiUrl }),
    });
    await expect(
      auth.authorization("elsewhere/site", new AbortController().signal),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
