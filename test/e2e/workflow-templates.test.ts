// The workflow templates run as written: each template's Action step, with its `${{ }}`
// expressions resolved the way the runner would, runs the built dist/index.js against the
// emulator and a fake GitHub (and, for the async template, the real relay).
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type GithubStandIn, startGithubStandIn } from "../../emulator/github/index.ts";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import {
  createLogger,
  type RelayHandle,
  resolveRelayConfig,
  startRelay,
} from "../../relay/index.ts";
import { ContentReviewClient } from "../../src/api/index.ts";
import { relayTestEnv } from "../relay/helpers/relay-test-env.ts";
import { pullRequestEvent, runAction } from "./action-harness.ts";

const TOKEN = "ghs_templatetokentemplatetoken01";
const RELAY_TOKEN = "relay-token-for-templates-0001";
const HEAD = "d".repeat(40);
/** The repository's own GitHub App, and the installation token create-github-app-token makes. */
const APP = { id: 4242, slug: "content-review-gate", name: "Content Review Gate" };
const APP_TOKEN = "ghs_templateapptokentemplateapp01";

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

async function templateSteps(template: string): Promise<Step[]> {
  const workflow = parse(
    await readFile(new URL(`../../templates/workflows/${template}`, import.meta.url), "utf8"),
  ) as { jobs: Record<string, { steps: Step[] }> };
  return Object.values(workflow.jobs).flatMap((job) => job.steps);
}

/** Runs a `run:` script as a GitHub runner's default bash shell does (`bash -e -o pipefail`). */
function runScript(script: string, env: Record<string, string>) {
  return spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], {
    env: { PATH: process.env["PATH"], ...env },
    encoding: "utf8",
  });
}

let emu: EmulatorHandle;
let github: GithubStandIn;
let workspace: string;

/** The Action step of a template, its expressions resolved from `context`. */
async function actionStep(template: string, context: Record<string, string>) {
  const step = (await templateSteps(template)).find((s) =>
    s.uses?.includes("content-review-toolkit"),
  );
  expect(step, `${template} has a content-review-toolkit step`).toBeDefined();
  const inputs: Record<string, string> = {};
  // A name, or names and 'literals' joined by `||` (the first non-empty wins, as on a runner).
  const evaluate = (expression: string, name: string) => {
    for (const part of expression.split("||").map((p) => p.trim())) {
      const literal = /^'(.*)'$/.exec(part);
      const value = literal ? literal[1] : context[part];
      if (value === undefined)
        throw new Error(`${template}: no value for \${{ ${part} }} in input ${name}`);
      if (value !== "") return value;
    }
    return "";
  };
  for (const [name, raw] of Object.entries(step!.with ?? {})) {
    inputs[name] = String(raw).replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) =>
      evaluate(expression, name),
    );
  }
  return inputs;
}

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, processingSeconds: 0, allowInsecureWebhooks: true });
  github = await startGithubStandIn({ token: TOKEN, otherApps: { [APP_TOKEN]: APP } });
  workspace = await mkdtemp(join(tmpdir(), "content-review-templates-"));
  const files: Record<string, string> = {
    "media/claims.txt": "Clinically proven results, guaranteed. The #1 choice.",
    "media/calm.txt": "A quiet walk in the park.",
    "media/spot__sandbox_fail__.mp4": "sandbox: nothing is read",
    "media/banner__sandbox_pass__.png": "sandbox: nothing is read",
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(workspace, path)), { recursive: true });
    await writeFile(join(workspace, path), text);
  }
});

afterAll(async () => {
  await github?.close();
  await emu?.close();
  await rm(workspace, { recursive: true, force: true });
});

describe("workflow templates, run as written", () => {
  it("content-review.yml reviews a pull request with a live key and fails on the critical claim", async () => {
    github.addPullRequest(21, [
      { filename: "media/claims.txt", status: "added" },
      { filename: "media/calm.txt", status: "modified" },
    ]);
    const inputs = await actionStep("content-review.yml", {
      "secrets.CONTENT_REVIEW_API_KEY": emu.liveKey,
      // Unset, as a repository that keeps no dedicated record-key has it.
      "secrets.CONTENT_REVIEW_RECORD_KEY": "",
      "vars.CONTENT_REVIEW_BASE_URL": emu.baseUrl,
      "vars.CONTENT_REVIEW_SIDEKICKS": "brand-safety",
      "github.token": TOKEN,
      // A pull_request event has no workflow_dispatch inputs: the template's default applies.
      "inputs.max-credits": "",
    });
    expect(inputs["max-credits"]).toBe("500");
    const run = await runAction({
      inputs,
      eventName: "pull_request",
      event: pullRequestEvent(21, HEAD),
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
    });
    expect(run.outputs.status).toBe("failure");
    expect(run.code).toBe(1);
    expect(Number(run.outputs["critical-count"])).toBeGreaterThan(0);
    expect(Number(run.outputs.credits)).toBeGreaterThan(0);
    const check = github.checkRuns.find((c) => c.head_sha === HEAD);
    expect(check).toMatchObject({
      name: "Content Review",
      status: "completed",
      conclusion: "failure",
    });
    expect(github.reviewComments.filter((c) => c.pull_number === 21).map((c) => c.path)).toContain(
      "media/claims.txt",
    );
    expect(github.violations).toEqual([]);
  });

  it("content-review-app.yml runs the Action with the App's token: its check run and review comments belong to the App", async () => {
    github.addPullRequest(24, [{ filename: "media/claims.txt", status: "added" }]);
    const inputs = await actionStep("content-review-app.yml", {
      "secrets.CONTENT_REVIEW_API_KEY": emu.liveKey,
      "vars.CONTENT_REVIEW_BASE_URL": emu.baseUrl,
      "vars.CONTENT_REVIEW_SIDEKICKS": "brand-safety",
      "secrets.CONTENT_REVIEW_RECORD_KEY": "",
      "steps.app-token.outputs.token": APP_TOKEN,
    });
    expect(inputs["github-token"]).toBe(APP_TOKEN);
    const sha = "4".repeat(40);
    const run = await runAction({
      inputs,
      eventName: "pull_request",
      event: pullRequestEvent(24, sha),
      workspace,
      githubApiUrl: github.apiUrl,
      // The runner's GITHUB_TOKEN (the Actions App's) is not what the Action writes with.
      githubToken: TOKEN,
    });
    expect(run.outputs.status).toBe("failure");
    const checks = github.checkRuns.filter((c) => c.head_sha === sha);
    expect(checks.map((c) => [c.name, c.app.slug])).toEqual([["Content Review", APP.slug]]);
    const comments = github.reviewComments.filter((c) => c.pull_number === 24);
    expect(comments.map((c) => c.user.login)).toEqual([`${APP.slug}[bot]`]);
    expect(github.violations).toEqual([]);
  });

  it("content-review.yml over budget asks for action, and a workflow_dispatch run with a one-off higher limit reviews", async () => {
    github.addPullRequest(23, [{ filename: "media/claims.txt", status: "modified" }]);
    const context = {
      "secrets.CONTENT_REVIEW_API_KEY": emu.liveKey,
      // Unset, as a repository that keeps no dedicated record-key has it.
      "secrets.CONTENT_REVIEW_RECORD_KEY": "",
      "vars.CONTENT_REVIEW_BASE_URL": emu.baseUrl,
      "vars.CONTENT_REVIEW_SIDEKICKS": "brand-safety",
      "github.token": TOKEN,
    };
    const sha = "7".repeat(40);
    const tight = await actionStep("content-review.yml", { ...context, "inputs.max-credits": "" });
    // `files` narrowed to one file and max-credits to 0 to keep the run small and over budget.
    const over = await runAction({
      inputs: { ...tight, "max-credits": "0", files: "media/claims.txt" },
      eventName: "pull_request",
      event: pullRequestEvent(23, sha),
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
    });
    expect(over.code).toBe(1);
    expect(over.outputs.status).toBe("action_required");
    // Run workflow, on the PR's branch (its head commit), with max-credits 50.
    const oneOff = await actionStep("content-review.yml", {
      ...context,
      "inputs.max-credits": "50",
    });
    expect(oneOff["max-credits"]).toBe("50");
    const run = await runAction({
      inputs: { ...oneOff, files: "media/claims.txt" },
      eventName: "workflow_dispatch",
      event: { inputs: { "max-credits": "50" }, ref: "refs/heads/feature" },
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
      sha,
    });
    expect(run.outputs.status).toBe("failure");
    const checks = github.checkRuns.filter((c) => c.head_sha === sha);
    expect(checks.map((c) => c.conclusion)).toEqual(["action_required", "failure"]);
    expect(github.violations).toEqual([]);
  });

  it("content-review-sandbox.yml rehearses the marker files on workflow_dispatch with no credits", async () => {
    const inputs = await actionStep("content-review-sandbox.yml", {
      "secrets.CONTENT_REVIEW_SANDBOX_KEY": emu.sandboxKey,
      "vars.CONTENT_REVIEW_BASE_URL": emu.baseUrl,
    });
    const run = await runAction({
      inputs,
      eventName: "workflow_dispatch",
      event: { inputs: {} },
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
      sha: "e".repeat(40),
    });
    expect(run.outputs).toMatchObject({ status: "failure", credits: "0", "critical-count": "1" });
    expect(run.code).toBe(1);
    const check = github.checkRuns.find((c) => c.head_sha === "e".repeat(40));
    expect(check).toMatchObject({ name: "Content Review (sandbox)", conclusion: "failure" });
    const sarif = JSON.parse(await readFile(join(workspace, "content-review.sarif"), "utf8"));
    expect(sarif.runs[0].results.length).toBe(3);
    expect(github.violations).toEqual([]);
  });

  it("content-review-async.yml submits, exits, and the relay finishes the commit status", async () => {
    const dir = await mkdtemp(join(tmpdir(), "template-relay-"));
    const client = new ContentReviewClient({
      apiKey: emu.liveKey,
      baseUrl: emu.baseUrl,
      caller: "test",
    });
    // The secret exists once the subscription does; pointing it at the relay keeps it (part 4.11).
    const subscription = await client.createWebhookSubscription({
      endpointUrl: "http://127.0.0.1:9/not-yet",
      eventTypes: ["asset.processing.completed", "asset.processing.failed"],
      description: "relay for the async template",
    });
    let relay: RelayHandle | undefined;
    try {
      relay = await startRelay(
        resolveRelayConfig(
          relayTestEnv({
            WEBHOOK_SECRETS: String(subscription.secret),
            RELAY_TOKEN,
            STORE_URL: `sqlite:${join(dir, "relay.db")}`,
            GITHUB_TOKEN: TOKEN,
            GITHUB_API_URL: github.apiUrl,
            CONTENT_REVIEW_BASE_URL: emu.baseUrl,
            CONTENT_REVIEW_API_KEY: emu.liveKey,
          }),
        ),
        { logger: createLogger("silent") },
      );
      await client.updateWebhookSubscription(subscription.id, {
        endpointUrl: `${relay.url}/webhooks/content-review`,
      });
      const sha = "f".repeat(40);
      github.addPullRequest(22, [{ filename: "media/calm.txt", status: "modified" }]);
      const inputs = await actionStep("content-review-async.yml", {
        "secrets.CONTENT_REVIEW_API_KEY": emu.liveKey,
        "vars.CONTENT_REVIEW_BASE_URL": emu.baseUrl,
        "vars.CONTENT_REVIEW_SIDEKICKS": "brand-safety",
        "vars.CONTENT_REVIEW_RELAY_URL": relay.url,
        "secrets.CONTENT_REVIEW_RELAY_TOKEN": RELAY_TOKEN,
        "github.token": TOKEN,
      });
      const run = await runAction({
        inputs,
        eventName: "pull_request",
        event: pullRequestEvent(22, sha),
        workspace,
        githubApiUrl: github.apiUrl,
        githubToken: TOKEN,
      });
      expect(run.code).toBe(0);
      expect(run.outputs.status).toBe("pending");
      const final = await waitFor(
        () => github.statuses.find((s) => s.sha === sha && s.state !== "pending"),
        "the relay's final commit status",
      );
      expect(final.state).toBe("success");
      // Named apart from content-review.yml's check, which a merge queue can require.
      expect(final.context).toBe("Content Review (async)");
      expect(github.statuses.some((s) => s.sha === sha && s.state === "pending")).toBe(true);
      expect(github.violations).toEqual([]);
    } finally {
      await relay?.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("content-review-fork.yml reviews a fork's pull request on pull_request_target with no checkout, from the head's Git objects", async () => {
    // The job has no checkout step: the runner's workspace stays empty.
    const empty = await mkdtemp(join(tmpdir(), "content-review-fork-workspace-"));
    try {
      const head = "5".repeat(40);
      github.addPullRequest(24, [
        { filename: "media/claims.txt", status: "added" },
        { filename: "media/calm.txt", status: "modified" },
      ]);
      github.setTree(head, {
        "media/claims.txt": { content: "Clinically proven results, guaranteed. The #1 choice." },
        "media/calm.txt": { content: "A quiet walk in the park." },
      });
      const inputs = await actionStep("content-review-fork.yml", {
        "secrets.CONTENT_REVIEW_API_KEY": emu.liveKey,
        // Unset, as a repository that keeps no dedicated record-key has it.
        "secrets.CONTENT_REVIEW_RECORD_KEY": "",
        "vars.CONTENT_REVIEW_BASE_URL": emu.baseUrl,
        "vars.CONTENT_REVIEW_SIDEKICKS": "brand-safety",
        "github.token": TOKEN,
      });
      const run = await runAction({
        inputs,
        eventName: "pull_request_target",
        event: pullRequestEvent(24, head, true),
        workspace: empty,
        githubApiUrl: github.apiUrl,
        githubToken: TOKEN,
      });
      expect(run.outputs.status).toBe("failure");
      expect(Number(run.outputs["critical-count"])).toBeGreaterThan(0);
      expect(github.checkRuns.find((c) => c.head_sha === head)).toMatchObject({
        name: "Content Review",
        conclusion: "failure",
      });
      expect(github.requests.filter((r) => r.operationId === "git/get-blob")).toHaveLength(2);
      expect(await readdir(empty)).toEqual([]);
      expect(github.violations).toEqual([]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it.each([
    "content-review.yml",
    "content-review-fork.yml",
    "content-review-sandbox.yml",
    "content-review-async.yml",
  ])(
    "%s stops with the name of the repository variable to set when vars.CONTENT_REVIEW_BASE_URL is unset",
    async (template) => {
      const check = (await templateSteps(template)).find(
        (s) => s.env?.["CONTENT_REVIEW_BASE_URL"] !== undefined,
      );
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow's expression
      expect(check?.env?.["CONTENT_REVIEW_BASE_URL"]).toBe("${{ vars.CONTENT_REVIEW_BASE_URL }}");
      // The step's other variables are set: only the base URL is missing.
      const others = Object.fromEntries(
        Object.keys(check!.env!).map((name) => [
          name,
          name === "CONTENT_REVIEW_BASE_URL" ? "" : "set",
        ]),
      );
      const unset = runScript(check!.run!, others);
      expect(unset.status).toBe(1);
      expect(unset.stdout).toMatch(
        /^::error title=Content Review::The repository variable CONTENT_REVIEW_BASE_URL is not set\. Set it/,
      );
      expect(unset.stdout.trim().split("\n")).toHaveLength(1);
      expect(
        runScript(check!.run!, { ...others, CONTENT_REVIEW_BASE_URL: emu.baseUrl }).status,
      ).toBe(0);
    },
  );

  it("content-review-insights.yml stops before the CLI runs, naming the repository variable, when vars.CONTENT_REVIEW_BASE_URL is unset", async () => {
    const report = (await templateSteps("content-review-insights.yml")).find((s) =>
      s.run?.includes("content-review insights report"),
    );
    const res = runScript(report!.run!, { CONTENT_REVIEW_BASE_URL: "", DAYS: "7" });
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain("The repository variable CONTENT_REVIEW_BASE_URL is not set");
    expect(res.stderr).not.toContain("content-review: command not found");
  });
});
