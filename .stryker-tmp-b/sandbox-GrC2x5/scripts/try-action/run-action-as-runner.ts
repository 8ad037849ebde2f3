// @ts-nocheck
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The built Action, as action.yml runs it (`runs.main`). */
export const ACTION_ENTRY = join(root, "dist", "index.js");

export interface ActionRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  readonly summary: string;
  /** The runner's temporary folder (`RUNNER_TEMP`); the caller removes it. */
  readonly runnerTemp: string;
}

export interface RunActionOptions {
  /** Input values by name (as in action.yml); unset inputs take their action.yml default. */
  readonly inputs: Record<string, string>;
  readonly eventName: string;
  readonly event: unknown;
  readonly workspace: string;
  readonly githubApiUrl: string;
  readonly githubToken: string;
  /** @default "octo/media" */
  readonly repository?: string;
  /** @default 40 times "a" */
  readonly sha?: string;
  /** More environment variables for the runner (e.g. proxy settings). */
  readonly env?: Record<string, string>;
  /** Called with each stdout line; return a signal to send it to the Action. */
  readonly onLine?: (line: string) => NodeJS.Signals | undefined;
}

/** Parses the `name<<delimiter` blocks that `@actions/core` writes to `GITHUB_OUTPUT`. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (!match) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== match[2]; i++) value.push(lines[i]!);
    out[match[1]!] = value.join("\n");
  }
  return out;
}

/** The defaults of action.yml's inputs, `${{ github.token }}` replaced by `githubToken`. */
export async function actionInputDefaults(githubToken: string): Promise<Record<string, string>> {
  const action = parse(await readFile(join(root, "action.yml"), "utf8")) as {
    inputs: Record<string, { default?: string }>;
  };
  const out: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    if (spec.default === undefined) continue;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the GitHub expression in action.yml
    out[name] = spec.default === "${{ github.token }}" ? githubToken : spec.default;
  }
  return out;
}

/** A `pull_request` event payload (`synchronize`); the head is a fork when `fork` is true. */
export function pullRequestEvent(options: {
  repository: string;
  number: number;
  headSha: string;
  baseSha: string;
  fork?: boolean;
}) {
  const [owner = "", name = ""] = options.repository.split("/");
  return {
    action: "synchronize",
    number: options.number,
    pull_request: {
      number: options.number,
      head: {
        sha: options.headSha,
        repo: {
          full_name: options.fork ? `someone/${name}` : options.repository,
          fork: options.fork === true,
        },
      },
      base: { sha: options.baseSha, repo: { full_name: options.repository } },
    },
    repository: { full_name: options.repository, name, owner: { login: owner } },
  };
}

/**
 * Runs `dist/index.js` as a GitHub runner does: `INPUT_*` variables (defaults from action.yml),
 * the event payload at `GITHUB_EVENT_PATH`, files for `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY`
 * in a fresh `RUNNER_TEMP`, and `GITHUB_API_URL` pointing wherever the caller says. The exit code
 * is the step's result.
 */
export async function runActionAsRunner(options: RunActionOptions): Promise<ActionRun> {
  const runnerTemp = await mkdtemp(join(tmpdir(), "content-review-runner-"));
  const eventPath = join(runnerTemp, "event.json");
  const outputPath = join(runnerTemp, "output.txt");
  const summaryPath = join(runnerTemp, "summary.md");
  await writeFile(eventPath, JSON.stringify(options.event));
  await writeFile(outputPath, "");
  await writeFile(summaryPath, "");
  const inputs = { ...(await actionInputDefaults(options.githubToken)), ...options.inputs };
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"],
    HOME: runnerTemp,
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_API_URL: options.githubApiUrl,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_REPOSITORY: options.repository ?? "octo/media",
    GITHUB_SHA: options.sha ?? "a".repeat(40),
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_RUN_ID: "4242",
    RUNNER_TEMP: runnerTemp,
    ...options.env,
  };
  for (const [name, value] of Object.entries(inputs))
    env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;

  const child = spawn(process.execPath, [ACTION_ENTRY], {
    cwd: options.workspace,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const signal = options.onLine?.(line);
      if (signal) child.kill(signal);
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.on("close", (c, s) => done([c, s])),
  );
  return {
    code,
    signal,
    stdout,
    stderr,
    outputs: parseOutputFile(await readFile(outputPath, "utf8")),
    summary: await readFile(summaryPath, "utf8"),
    runnerTemp,
  };
}
