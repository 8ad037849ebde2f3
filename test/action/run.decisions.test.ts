import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import {
  actionInputDefaults,
  parseOutputFile,
  pullRequestEvent,
} from "../../scripts/try-action/run-action-as-runner.ts";
import { run } from "../../src/action/run.ts";

// The Action's decisions in-process, from src/ (the end-to-end tests run the built dist/ in a
// child process, where a change in src/ is invisible): which conclusion a run reaches and whether
// that fails the step (issue 19). GitHub is not needed: a workflow_dispatch run reviews the
// workspace, and the skips end before any request.

let emu: EmulatorHandle;
let root: string;

const FILES = {
  "calm.txt": "A calm sentence.",
  "claims.txt": "Clinically proven and guaranteed.",
};

beforeAll(async () => {
  emu = await startEmulator({ port: 0, processingSeconds: 0 });
  root = await mkdtemp(join(tmpdir(), "run-decisions-"));
});

afterAll(async () => {
  await emu?.close();
  await rm(root, { recursive: true, force: true });
});

afterEach(() => {
  vi.unstubAllEnvs();
  process.exitCode = undefined;
});

let n = 0;

/**
 * Runs the Action in this process as a runner would start it: `INPUT_*` (action.yml's defaults
 * under `inputs`), the event at `GITHUB_EVENT_PATH`, the output and summary files. Returns the
 * step's outputs and whether it failed.
 */
async function runAction(options: {
  inputs: Record<string, string>;
  files: (keyof typeof FILES)[];
  eventName?: string;
  event?: unknown;
  githubToken?: string;
}) {
  const dir = join(root, String(++n));
  const workspace = join(dir, "ws");
  await mkdir(join(workspace, "media"), { recursive: true });
  for (const name of options.files) await writeFile(join(workspace, "media", name), FILES[name]);
  const outputPath = join(dir, "output.txt");
  await writeFile(outputPath, "");
  await writeFile(join(dir, "summary.md"), "");
  await writeFile(join(dir, "event.json"), JSON.stringify(options.event ?? {}));
  const env: Record<string, string> = {
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: options.eventName ?? "workflow_dispatch",
    GITHUB_EVENT_PATH: join(dir, "event.json"),
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: join(dir, "summary.md"),
    // Nothing listens here: a run that tried GitHub would fail.
    GITHUB_API_URL: "http://127.0.0.1:9",
    GITHUB_REPOSITORY: "octo/media",
    GITHUB_SHA: "a".repeat(40),
    GITHUB_WORKSPACE: workspace,
    GITHUB_RUN_ID: String(n),
    RUNNER_TEMP: dir,
  };
  const inputs = {
    ...(await actionInputDefaults(options.githubToken ?? "")),
    "api-key": emu.liveKey,
    "base-url": emu.baseUrl,
    "sidekick-ids": "brand",
    files: "media/**",
    ...options.inputs,
  };
  for (const [name, value] of Object.entries(inputs))
    env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  process.exitCode = undefined;
  await run({ ...process.env });
  const failed = process.exitCode === 1;
  process.exitCode = undefined;
  return { failed, outputs: parseOutputFile(await readFile(outputPath, "utf8")) };
}

describe("run: the conclusion decides the step", () => {
  it.each([
    ["passes a clean file", "success", false, { files: ["calm.txt"] }],
    ["fails on a critical issue", "failure", true, { files: ["claims.txt"] }],
    [
      "passes a critical issue with fail-on never",
      "success",
      false,
      { files: ["claims.txt"], inputs: { "fail-on": "never" } },
    ],
    [
      "fails when the estimate is over max-credits (nothing reviewed)",
      "action_required",
      true,
      { files: ["calm.txt", "claims.txt"], inputs: { "max-credits": "1" } },
    ],
    [
      "passes a run submitted without waiting (the relay concludes it)",
      "pending",
      false,
      { files: ["claims.txt"], inputs: { wait: "false" } },
    ],
  ] as const)("run %s: concludes %s, step failed: %s", async (_, status, failed, options) => {
    const result = await runAction({
      inputs: {},
      ...options,
      files: [...options.files],
    });
    expect(result.outputs["status"]).toBe(status);
    expect(result.failed).toBe(failed);
  });
});

describe("run: skips and errors before any review", () => {
  it("run skips a fork's pull request without the repository's secrets, and passes", async () => {
    const result = await runAction({
      inputs: { "api-key": "" },
      files: ["claims.txt"],
      eventName: "pull_request",
      event: pullRequestEvent({
        repository: "octo/media",
        number: 1,
        headSha: "c".repeat(40),
        baseSha: "b".repeat(40),
        fork: true,
      }),
    });
    expect(result.outputs["status"]).toBe("skipped");
    expect(result.failed).toBe(false);
  });

  it("run skips a push that deleted its branch, and passes", async () => {
    const result = await runAction({
      inputs: {},
      files: ["claims.txt"],
      githubToken: "ghs_notusedbecausenothingisaskedofgithub01",
      eventName: "push",
      event: {
        before: "b".repeat(40),
        after: "0".repeat(40),
        deleted: true,
        repository: { full_name: "octo/media", name: "media", owner: { login: "octo" } },
      },
    });
    expect(result.outputs["status"]).toBe("skipped");
    expect(result.failed).toBe(false);
  });

  it.each(["/api", "/api/"])(
    "run refuses a base-url ending in %s before any request to the service, and fails",
    async (suffix) => {
      // A server that counts every request it gets (and answers each with a 404).
      let requests = 0;
      const counter = createServer((_req, res) => {
        requests += 1;
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => counter.listen(0, "127.0.0.1", resolve));
      const { port } = counter.address() as AddressInfo;
      try {
        const result = await runAction({
          inputs: { "base-url": `http://127.0.0.1:${port}${suffix}` },
          files: ["claims.txt"],
        });
        expect(result.failed).toBe(true);
        expect(requests).toBe(0);
      } finally {
        await new Promise((resolve) => counter.close(resolve));
      }
    },
  );

  it("run fails a pull request's run without a github-token, concluding failure", async () => {
    const result = await runAction({
      inputs: {},
      files: ["claims.txt"],
      eventName: "pull_request",
      event: pullRequestEvent({
        repository: "octo/media",
        number: 2,
        headSha: "c".repeat(40),
        baseSha: "b".repeat(40),
      }),
    });
    expect(result.outputs["status"]).toBe("failure");
    expect(result.failed).toBe(true);
  });
});
