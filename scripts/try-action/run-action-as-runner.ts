import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
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
  /** The built Action to run, e.g. another checkout's (benchmarks). @default {@link ACTION_ENTRY} */
  readonly entry?: string;
  /** Called with each stdout line; return a signal to send it to the Action. */
  readonly onLine?: (line: string) => NodeJS.Signals | undefined;
  /**
   * Cancels the run as a GitHub runner cancels a job: SIGINT to the Action, SIGTERM 7.5 s later
   * if it still runs, SIGKILL 2.5 s after that. With it, the Action runs in a process group of
   * its own, so that a terminal's Ctrl+C (which `npm run` also hands on) reaches it only once,
   * through this: a second SIGINT would end it before it concluded the check run.
   */
  readonly cancel?: AbortSignal;
}

/** A runner's escalation when a job is cancelled: each signal, and the wait before it. */
const CANCEL_STEPS: readonly { signal: NodeJS.Signals; afterMs: number }[] = [
  { signal: "SIGINT", afterMs: 0 },
  { signal: "SIGTERM", afterMs: 7500 },
  { signal: "SIGKILL", afterMs: 2500 },
];

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

async function readActionInputs(): Promise<Record<string, { default?: string }>> {
  const action = parse(await readFile(join(root, "action.yml"), "utf8")) as {
    inputs: Record<string, { default?: string }>;
  };
  return action.inputs;
}

/** The names of action.yml's inputs, in its order. */
export async function actionInputNames(): Promise<string[]> {
  return Object.keys(await readActionInputs());
}

/** The defaults of action.yml's inputs, `${{ github.token }}` replaced by `githubToken`. */
export async function actionInputDefaults(githubToken: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, spec] of Object.entries(await readActionInputs())) {
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
 * is the step's result. The caller removes `runnerTemp` once it has read the report; when the
 * run itself fails, the folder is removed here.
 */
export async function runActionAsRunner(options: RunActionOptions): Promise<ActionRun> {
  const runnerTemp = await mkdtemp(join(tmpdir(), "content-review-runner-"));
  try {
    return await runIn(runnerTemp, options);
  } catch (error) {
    await rm(runnerTemp, { recursive: true, force: true });
    throw error;
  }
}

/** The runner's files of a run in `runnerTemp`: the event payload, and where outputs go. */
function runnerFiles(runnerTemp: string) {
  return {
    eventPath: join(runnerTemp, "event.json"),
    outputPath: join(runnerTemp, "output.txt"),
    summaryPath: join(runnerTemp, "summary.md"),
  };
}

/** The environment a runner gives the Action: its variables, and an `INPUT_*` per input. */
async function runnerEnv(
  runnerTemp: string,
  options: RunActionOptions,
): Promise<NodeJS.ProcessEnv> {
  const files = runnerFiles(runnerTemp);
  const inputs = { ...(await actionInputDefaults(options.githubToken)), ...options.inputs };
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"],
    HOME: runnerTemp,
    // Node's cache of compiled code, when the caller keeps one (the test suite does): the
    // Action's 4 MB bundle is then compiled once, not in every run.
    ...(process.env["NODE_COMPILE_CACHE"] === undefined
      ? {}
      : { NODE_COMPILE_CACHE: process.env["NODE_COMPILE_CACHE"] }),
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: files.eventPath,
    GITHUB_OUTPUT: files.outputPath,
    GITHUB_STEP_SUMMARY: files.summaryPath,
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
  return env;
}

async function runIn(runnerTemp: string, options: RunActionOptions): Promise<ActionRun> {
  const { eventPath, outputPath, summaryPath } = runnerFiles(runnerTemp);
  await writeFile(eventPath, JSON.stringify(options.event));
  await writeFile(outputPath, "");
  await writeFile(summaryPath, "");
  const env = await runnerEnv(runnerTemp, options);

  const child = spawn(process.execPath, [options.entry ?? ACTION_ENTRY], {
    cwd: options.workspace,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.cancel !== undefined,
  });
  let escalation: NodeJS.Timeout | undefined;
  const cancel = (step = 0) => {
    const next = CANCEL_STEPS[step];
    if (next === undefined || child.exitCode !== null || child.signalCode !== null) return;
    escalation = setTimeout(() => {
      child.kill(next.signal);
      cancel(step + 1);
    }, next.afterMs);
  };
  const onCancel = () => cancel();
  options.cancel?.addEventListener("abort", onCancel, { once: true });
  if (options.cancel?.aborted) cancel();
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
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done, fail) => {
    child.on("error", fail);
    child.on("close", (c, s) => done([c, s]));
  }).finally(() => {
    clearTimeout(escalation);
    options.cancel?.removeEventListener("abort", onCancel);
  });
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
