import { afterEach, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import type { CommitStatus } from "../../../relay/destinations/compute-commit-status.ts";
import { createGithubRelay } from "../../../relay/destinations/github-relay.ts";
import type { Journal } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import { attemptContext, memoryJournal } from "../helpers/effect-context.ts";

const TOKEN = "ghs_github_relay_test";
const SHA = "0123456789abcdef0123456789abcdef01234567";
const status: CommitStatus = {
  state: "success",
  description: "2/2 assets reviewed: no issues",
  context: "content-review",
  targetUrl: "https://github.com/acme/site/pull/1",
};

let github: GithubStandIn | undefined;
let journal: Journal | undefined;
afterEach(async () => {
  expect(github?.violations ?? []).toEqual([]);
  await github?.close();
  await journal?.close(0);
  github = undefined;
  journal = undefined;
});

async function setup(options: Omit<Parameters<typeof startGithubStandIn>[0], "token"> = {}) {
  github = await startGithubStandIn({ token: TOKEN, ...options });
  journal = memoryJournal();
  const relay = createGithubRelay({
    token: TOKEN,
    apiUrl: github.apiUrl,
    effects: journal,
    logger: createLogger("silent"),
  });
  const operations = () =>
    (github as GithubStandIn).requests.map((r) => `${r.operationId} ${r.status}`);
  return { github, relay, operations };
}

describe("createGithubRelay", () => {
  it("sets an entry's status once, however often the entry runs", async () => {
    const { github, relay } = await setup();
    await relay.setStatus("sub-1", "acme/site", SHA, status, attemptContext("entry-1"));
    await relay.setStatus("sub-1", "acme/site", SHA, status, attemptContext("entry-1"));
    expect(github.statuses).toHaveLength(1);
    expect(github.statuses[0]).toMatchObject({ state: "success", context: "content-review" });
  });

  it("after a status whose answer came too late, finds it among the commit's statuses", async () => {
    const { github, relay, operations } = await setup({
      stallStatus: (n) => (n === 1 ? 1500 : null),
    });
    const error = await relay
      .setStatus("sub-2", "acme/site", SHA, status, attemptContext("entry-2", 300))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ destination: "GitHub", outcome: "unknown" });
    expect(String((error as Error).message)).toContain(new URL(github.apiUrl).host);
    await relay.setStatus("sub-2", "acme/site", SHA, status, attemptContext("entry-2"));
    expect(github.statuses).toHaveLength(1);
    expect(operations()).toContain("repos/list-commit-statuses-for-ref 200");
  });

  it("after a 500, looks first and sets the status that is not there", async () => {
    const { github, relay, operations } = await setup({ fail: (n) => n === 1 });
    await expect(
      relay.setStatus("sub-3", "acme/site", SHA, status, attemptContext("entry-3", 300)),
    ).rejects.toMatchObject({ destination: "GitHub", outcome: "unknown", status: 500 });
    await relay.setStatus("sub-3", "acme/site", SHA, status, attemptContext("entry-3"));
    expect(github.statuses).toHaveLength(1);
    expect(operations()).toEqual([
      "repos/create-commit-status 500",
      "repos/list-commit-statuses-for-ref 200",
      "repos/create-commit-status 201",
    ]);
  });

  it("after a refusal (403), sets it on the next attempt without looking", async () => {
    const { github, relay, operations } = await setup();
    github.deny("statuses");
    await expect(
      relay.setStatus("sub-4", "acme/site", SHA, status, attemptContext("entry-4")),
    ).rejects.toMatchObject({ outcome: "not-performed", status: 403 });
    expect(operations()).toEqual(["repos/create-commit-status 403"]);
  });
});
