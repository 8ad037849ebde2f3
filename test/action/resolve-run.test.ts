import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionInputDefaults } from "../../scripts/try-action/run-action-as-runner.ts";
import { ActionInputError } from "../../src/action/action-input-error.ts";
import { resolveRun } from "../../src/action/resolve-run.ts";

const API_KEY = `sk_live_${"ab".repeat(32)}`;
const HEAD = "b".repeat(40);
const PULL = (fork: boolean) => ({
  action: "opened",
  pull_request: {
    number: 7,
    head: { sha: HEAD, repo: { full_name: fork ? "someone/media" : "octo/media", fork } },
    base: { sha: "c".repeat(40), repo: { full_name: "octo/media" } },
  },
});
const PUSH = (after: string) => ({ ref: "refs/heads/x", before: "d".repeat(40), after });

let dir: string;
let defaults: Record<string, string>;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "resolve-run-"));
  defaults = await actionInputDefaults("ghs_resolverunresolverunresolverun01");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Resolves a run of `eventName` with `payload` and `inputs` over action.yml's defaults. */
async function resolveFor(
  eventName: string,
  payload: unknown,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
) {
  const eventPath = join(dir, `event-${++n}.json`);
  await writeFile(eventPath, JSON.stringify(payload));
  const all: Record<string, string> = {
    ...defaults,
    "api-key": API_KEY,
    "base-url": "http://127.0.0.1:9",
    "sidekick-ids": "brand",
    ...inputs,
  };
  return resolveRun(
    {
      GITHUB_EVENT_NAME: eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: "octo/media",
      GITHUB_API_URL: "http://127.0.0.1:9",
      ...env,
    },
    (name) => all[name] ?? "",
  );
}

describe("resolveRun: the frozen run, or why there is nothing to review", () => {
  it.each([
    ["a fork's pull request without an API key", "pull_request", PULL(true), { "api-key": "" }, {}],
    [
      "Dependabot's pull request without an API key",
      "pull_request",
      PULL(false),
      { "api-key": "" },
      { GITHUB_ACTOR: "dependabot[bot]" },
    ],
    ["a push that deleted its branch", "push", PUSH("0".repeat(40)), {}, {}],
  ])("resolveRun skips %s", async (_, eventName, payload, inputs, env) => {
    const resolved = await resolveFor(eventName, payload, inputs, env);
    expect(resolved.kind).toBe("skip");
    expect(Object.isFrozen(resolved)).toBe(true);
  });

  it.each([
    ["a fork's pull request given an API key (pull_request_target)", "pull_request", PULL(true)],
    ["a pull request of the repository", "pull_request", PULL(false)],
    ["a push", "push", PUSH(HEAD)],
  ])("resolveRun reviews %s, frozen, on the event's commit", async (_, eventName, payload) => {
    const resolved = await resolveFor(eventName, payload);
    if (resolved.kind !== "review") throw new Error(`skipped: ${resolved.reason}`);
    expect(resolved.context.sha).toBe(HEAD);
    expect(resolved.inputs.sidekickIds).toEqual(["brand"]);
    expect(Object.isFrozen(resolved)).toBe(true);
    expect(Object.isFrozen(resolved.inputs)).toBe(true);
    expect(Object.isFrozen(resolved.context)).toBe(true);
  });

  it.each([
    ["pull_request", PULL(false)],
    ["push", PUSH(HEAD)],
    [
      "merge_group",
      { merge_group: { head_sha: HEAD, base_sha: "c".repeat(40), head_ref: "refs/heads/q" } },
    ],
  ])("resolveRun refuses an empty github-token on %s, naming the input", async (name, payload) => {
    const resolving = resolveFor(name, payload, { "github-token": "" });
    await expect(resolving).rejects.toThrow(ActionInputError);
    await expect(resolving).rejects.toThrow(/Input "github-token" is empty/);
  });

  it("resolveRun reviews a workflow_dispatch run without a github-token (no change list)", async () => {
    const resolved = await resolveFor("workflow_dispatch", {}, { "github-token": "" });
    expect(resolved.kind).toBe("review");
  });
});
