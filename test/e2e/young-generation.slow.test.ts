// The built CLI and Action keep V8's young generation from growing with the work
// (keepYoungGeneration, see src/process): measured in the process itself by a preload.
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { GithubStandIn } from "../../emulator/github/index.ts";
import type { EmulatorHandle } from "../../emulator/index.ts";
import { pullRequestEvent, runLiveReview } from "./action-harness.ts";
import { startActionStage } from "./start-action-stage.ts";

const PRELOAD = fileURLToPath(new URL("../helpers/young-generation-at-exit.cjs", import.meta.url));
const BIN = fileURLToPath(new URL("../../bin/content-review.js", import.meta.url));
const TOKEN = "ghs_youngyoungyoungyoungyoungyoung01";
const FILES = 1000;
const MiB = 1024 * 1024;

let emu: EmulatorHandle;
let github: GithubStandIn;
let workspace: string;
const paths: string[] = [];

beforeAll(async () => {
  ({ emu, github, workspace } = await startActionStage({ token: TOKEN }));
  for (let i = 0; i < FILES; i++) {
    const path = `media/batch-${Math.floor(i / 100)}/asset-${i}.txt`;
    await mkdir(dirname(join(workspace, path)), { recursive: true });
    await writeFile(join(workspace, path), `Act now, this offer ends soon. Asset ${i}.\n`);
    paths.push(path);
  }
});

async function largestYoungGeneration(file: string): Promise<number> {
  return Number(await readFile(file, "utf8"));
}

// Without the mechanism, both runs grow it to 32 MiB; with it, it stays at the few MiB it
// starts with (8 MiB was seen, 10 once).
describe.concurrent("the young generation of the built tools over a review of 1,000 files", () => {
  it("the CLI's review keeps it at 16 MiB or less", async () => {
    const file = join(workspace, "young-cli");
    const child = spawn(
      process.execPath,
      [
        "--require",
        PRELOAD,
        BIN,
        "review",
        "media",
        "--sidekick",
        "brand",
        "--fail-on",
        "never",
        "--poll-interval",
        "1",
      ],
      {
        cwd: workspace,
        env: {
          PATH: process.env["PATH"],
          HOME: workspace,
          CONTENT_REVIEW_API_KEY: emu.liveKey,
          CONTENT_REVIEW_BASE_URL: emu.baseUrl,
          YOUNG_GENERATION_FILE: file,
        },
        stdio: ["ignore", "ignore", "ignore"],
      },
    );
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(code).toBe(0);
    expect(await largestYoungGeneration(file)).toBeLessThanOrEqual(16 * MiB);
  });

  it("the Action's review keeps it at 16 MiB or less", async () => {
    const file = join(workspace, "young-action");
    github.addPullRequest(
      1,
      paths.map((filename) => ({ filename, status: "added" })),
    );
    const run = await runLiveReview(
      { emu, github, token: TOKEN, workspace },
      pullRequestEvent(1, "d".repeat(40)),
      { env: { NODE_OPTIONS: `--require ${PRELOAD}`, YOUNG_GENERATION_FILE: file } },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(await largestYoungGeneration(file)).toBeLessThanOrEqual(16 * MiB);
  });
});
