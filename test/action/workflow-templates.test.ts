import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { workflowHeader } from "../helpers/workflow-header.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

async function load(path: string) {
  return parse(await readFile(join(root, path), "utf8")) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: Record<string, { steps: Step[] }>;
  };
}

const TEMPLATES = [
  "templates/workflows/content-review.yml",
  "templates/workflows/content-review-fork.yml",
  "templates/workflows/content-review-sandbox.yml",
  "templates/workflows/content-review-async.yml",
  "templates/workflows/content-review-insights.yml",
  "templates/workflows/content-review-app.yml",
] as const;

const header = workflowHeader;

/** A GitHub expression as a workflow writes it: `${{ name }}`. */
const expression = (name: string) => `\${{ ${name} }}`;

/** The workflow's text without its comments, where a name in a comment does not count. */
const code = (text: string) =>
  text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n");

/** The upper-case names in a header entry: `A (text), B` gives A and B. */
const namesIn = (entry: string | undefined) =>
  [...new Set((entry ?? "").match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [])].sort();

/** The `prefix.NAME` references of the workflow's code. */
const referenced = (text: string, prefix: string) =>
  [
    ...new Set(
      [...code(text).matchAll(new RegExp(`\\b${prefix}\\.([A-Z][A-Z0-9_]+)`, "g"))].map(
        (m) => m[1]!,
      ),
    ),
  ].sort();

const action = parse(await readFile(join(root, "action.yml"), "utf8")) as {
  inputs: Record<string, { required?: boolean; default?: string; description: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};

describe("action.yml", () => {
  it("action.yml runs dist/index.js on node24 and describes every input and output", () => {
    expect(action.runs).toEqual({ using: "node24", main: "dist/index.js" });
    for (const spec of Object.values(action.inputs)) {
      expect(spec.description.length).toBeGreaterThan(10);
      expect(spec.required === true || spec.default !== undefined).toBe(true);
    }
    expect(Object.keys(action.outputs).sort()).toEqual([
      "accepted-count",
      "credits",
      "critical-count",
      "issue-count",
      "report-path",
      "reused-count",
      "status",
      "submission-id",
    ]);
  });

  it("action.yml's inputs and outputs each have a row in docs/action.md", async () => {
    const docs = await readFile(join(root, "docs", "action.md"), "utf8");
    for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)])
      expect(docs).toContain(`| \`${name}\` |`);
  });
});

describe("workflow templates", () => {
  it.each([
    [
      "templates/workflows/content-review.yml",
      { contents: "read", checks: "write", "pull-requests": "write" },
      {},
    ],
    [
      "templates/workflows/content-review-fork.yml",
      { contents: "read", checks: "write", "pull-requests": "write" },
      {},
    ],
    [
      "templates/workflows/content-review-sandbox.yml",
      { contents: "read", checks: "write", "pull-requests": "write" },
      {},
    ],
    [
      "templates/workflows/content-review-async.yml",
      { contents: "read", "pull-requests": "read", statuses: "write" },
      { wait: "false" },
    ],
    [
      "templates/workflows/content-review-app.yml",
      { contents: "read" },
      { "github-token": expression("steps.app-token.outputs.token") },
    ],
  ])(
    "%s uses only the Action's inputs with least-privilege permissions",
    async (path, permissions, expected) => {
      const workflow = await load(path);
      expect(workflow.permissions).toEqual(permissions);
      const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
      const step = steps.find((s) => s.uses?.includes("content-review-toolkit"));
      expect(step?.with).toBeDefined();
      for (const name of Object.keys(step!.with!))
        expect(Object.keys(action.inputs)).toContain(name);
      for (const [name, spec] of Object.entries(action.inputs)) {
        if (spec.required) expect(step!.with![name]).toBeTruthy();
      }
      expect(step!.with).toMatchObject(expected);
      if ((expected as { wait?: string }).wait === "false")
        expect(step!.with!["relay-url"]).toBeTruthy();
    },
  );

  it("content-review.yml also runs for a merge queue, so that its check can be required", async () => {
    const workflow = await load("templates/workflows/content-review.yml");
    expect(workflow.on).toMatchObject({
      pull_request: { types: expect.arrayContaining(["synchronize"]) },
      merge_group: { types: ["checks_requested"] },
    });
  });
});

describe("workflow template headers", () => {
  it.each(TEMPLATES)(
    "%s lists in its header the secrets and variables it reads and its permissions",
    async (path) => {
      const text = await readFile(join(root, path), "utf8");
      const said = header(text);
      expect(namesIn(said["Secrets"])).toEqual(referenced(text, "secrets"));
      expect(namesIn(said["Variables"])).toEqual(referenced(text, "vars"));
      const permissions = Object.fromEntries(
        (said["Permissions"] ?? "").split(",").map((p) => p.split(":").map((s) => s.trim())),
      );
      expect(permissions).toEqual((await load(path)).permissions);
    },
  );

  it.each([
    ["templates/workflows/content-review.yml", "Content Review"],
    ["templates/workflows/content-review-fork.yml", "Content Review"],
    ["templates/workflows/content-review-app.yml", "Content Review"],
    ["templates/workflows/content-review-async.yml", "Content Review (async)"],
    ["templates/workflows/content-review-sandbox.yml", null],
    ["templates/workflows/content-review-insights.yml", null],
  ] as const)("%s names the exact check to require: %s", async (path, name) => {
    const text = await readFile(join(root, path), "utf8");
    const said = header(text)["Required check"] ?? "";
    if (name === null) {
      expect(said).toMatch(/^none\b/);
      return;
    }
    // Exactly the name the run posts: its check-name, or the input's default.
    const step = Object.values((await load(path)).jobs)
      .flatMap((j) => j.steps)
      .find((s) => s.uses?.includes("content-review-toolkit"));
    const posted = step?.with?.["check-name"] ?? action.inputs["check-name"]!.default;
    expect(posted).toBe(name);
    expect(said.startsWith(name) && /^($|[ ,.])/.test(said.slice(name.length))).toBe(true);
  });

  it("content-review-async.yml posts a status that cannot be confused with the merge queue's required check, and says why", async () => {
    const text = await readFile(join(root, "templates/workflows/content-review-async.yml"), "utf8");
    const async = await load("templates/workflows/content-review-async.yml");
    expect(Object.keys(async.on)).toEqual(["pull_request"]);
    const step = Object.values(async.jobs)
      .flatMap((j) => j.steps)
      .find((s) => s.uses?.includes("content-review-toolkit"));
    expect(step?.with?.["check-name"]).not.toBe(action.inputs["check-name"]!.default);
    expect(header(text)["Required check"]).toMatch(/cannot serve a merge queue/);
  });

  it("content-review-sandbox.yml's header says what the Action does with an unmarked file: skips it with a warning", async () => {
    const text = await readFile(
      join(root, "templates/workflows/content-review-sandbox.yml"),
      "utf8",
    );
    const top = text.slice(0, text.indexOf("\nname:"));
    expect(top).not.toMatch(/fails the run/);
    expect(top).toMatch(/without a marker is not reviewed: the Action skips it with one warning/);
  });

  it.each(TEMPLATES.filter((t) => !t.endsWith("insights.yml")))(
    "%s checks vars.CONTENT_REVIEW_BASE_URL before the Action runs, naming the variable",
    async (path) => {
      const steps = Object.values((await load(path)).jobs).flatMap((j) => j.steps);
      const check = steps.findIndex((s) => s.env?.["CONTENT_REVIEW_BASE_URL"] !== undefined);
      const review = steps.findIndex((s) => s.uses?.includes("content-review-toolkit"));
      expect(check).toBeGreaterThanOrEqual(0);
      expect(check).toBeLessThan(review);
      expect(steps[check]!.run).toMatch(/repository variable CONTENT_REVIEW_BASE_URL is not set/);
    },
  );
});

describe("content-review-app.yml (a GitHub App's token)", () => {
  it("content-review-app.yml hands the Action a token of the App, made in the protected environment from the App's key, scoped to what the Action writes", async () => {
    const text = await readFile(join(root, "templates/workflows/content-review-app.yml"), "utf8");
    const workflow = (await load("templates/workflows/content-review-app.yml")) as unknown as {
      on: Record<string, unknown>;
      jobs: Record<string, { environment?: string; steps: (Step & { id?: string })[] }>;
    };
    expect(workflow.on).toMatchObject({ merge_group: { types: ["checks_requested"] } });
    const [job] = Object.values(workflow.jobs);
    expect(job?.environment).toBe("content-review");
    const steps = job!.steps;
    const token = steps.findIndex((s) => s.uses?.startsWith("actions/create-github-app-token@"));
    const review = steps.findIndex((s) => s.uses?.includes("content-review-toolkit"));
    expect(token).toBeGreaterThanOrEqual(0);
    expect(token).toBeLessThan(review);
    // It is handed the App's private key: pinned to a full commit sha, the tag in a comment.
    expect(steps[token]!.uses).toMatch(/^actions\/create-github-app-token@[0-9a-f]{40}$/);
    expect(text).toMatch(/create-github-app-token@[0-9a-f]{40} # v\d+\.\d+\.\d+\n/);
    expect(steps[token]!.with).toEqual({
      "app-id": expression("vars.CONTENT_REVIEW_APP_ID"),
      "private-key": expression("secrets.CONTENT_REVIEW_APP_PRIVATE_KEY"),
      "permission-checks": "write",
      "permission-pull-requests": "write",
      "permission-contents": "read",
    });
    expect(steps[review]!.with?.["github-token"]).toBe(
      expression(`steps.${steps[token]!.id}.outputs.token`),
    );
    // The header says where the key goes and how the required check is pinned to the App.
    expect(header(text)["Required check"]).toMatch(
      /^Content Review, with its source set to your App/,
    );
    expect(header(text)["Secrets"]).toMatch(/content-review environment/);
  });
});

describe("content-review-fork.yml (pull_request_target)", () => {
  it("content-review-fork.yml runs on pull_request_target only, for forks only", async () => {
    const fork = await load("templates/workflows/content-review-fork.yml");
    expect(Object.keys(fork.on)).toEqual(["pull_request_target"]);
    const jobs = Object.values(fork.jobs) as { if?: string }[];
    for (const job of jobs)
      expect(job.if).toBe("github.event.pull_request.head.repo.full_name != github.repository");
  });

  it("content-review-fork.yml never checks out or runs the pull request's code", async () => {
    const text = await readFile(join(root, "templates/workflows/content-review-fork.yml"), "utf8");
    const steps = Object.values(
      (await load("templates/workflows/content-review-fork.yml")).jobs,
    ).flatMap((j) => j.steps);
    // No checkout at all: of the base it is not needed, of the head it would be the hole.
    expect(steps.filter((s) => s.uses?.startsWith("actions/checkout"))).toEqual([]);
    expect(steps.filter((s) => s.uses !== undefined).map((s) => s.uses)).toEqual([
      expect.stringMatching(/^content-review\/content-review-toolkit@[0-9a-f]{40}$/),
    ]);
    // Nothing in the steps names the head's code: no ref, sha, clone URL or fetch of it.
    expect(code(text)).not.toMatch(
      /pull_request\.head\.(sha|ref|repo\.clone_url)|git (fetch|clone|checkout)/,
    );
    for (const step of steps.filter((s) => s.run !== undefined))
      expect(step.run).not.toMatch(/\$\{\{|npm|yarn|pnpm|make|\.\//);
  });
});
