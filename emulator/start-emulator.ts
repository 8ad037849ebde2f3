import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeFolder } from "../src/shared/index.ts";
import { createApp } from "./app.ts";
import type { EmulatorContext } from "./context.ts";
import { GITHUB_API_PATH } from "./github/github-router.ts";
import { createGithubState } from "./github/github-state.ts";
import { resumeLiveAsset } from "./processing/live-processing.ts";
import { resumeSandboxAsset } from "./processing/sandbox-processing.ts";
import { type EmulatorConfig, type EmulatorOptions, resolveOptions } from "./resolve-options.ts";
import { createSlackRecorder } from "./slack/slack-recorder.ts";
import { SLACK_API_PATH } from "./slack/slack-router.ts";
import { blobClaim } from "./state/blob-claim.ts";
import { createState, defaultSettings } from "./state/create-state.ts";
import { type DataDirLock, lockDataDir } from "./state/lock-data-dir.ts";
import { createScheduler } from "./state/scheduler.ts";
import { seededRandom } from "./state/seeded-random.ts";
import { blobDirPath, readStateFile, writeStateFile } from "./state/state-file.ts";
import { resumeDeliveries } from "./webhooks/dispatch-event.ts";

/** A running emulator. */
export interface EmulatorHandle {
  /** e.g. `http://127.0.0.1:43121`. */
  readonly baseUrl: string;
  /** The default workspace (tier `api`). */
  readonly workspaceId: string;
  readonly liveKey: string;
  readonly sandboxKey: string;
  /** The recording Slack Web API, for the relay's `SLACK_API_URL` (ends in `/`). */
  readonly slackApiUrl: string;
  /** The recording GitHub REST API, for `GITHUB_API_URL` (the relay's and the Action's). */
  readonly githubApiUrl: string;
  /** Stops timers, webhook deliveries and the server; writes `--data-dir` state. */
  close(): Promise<void>;
}

/** Starts an emulator of the Content Review Service on a real HTTP port. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<EmulatorHandle> {
  const config = resolveOptions(options);
  const now = () => new Date();
  // Before anything is read: a second emulator on the folder would overwrite the first's state.
  const lock: DataDirLock | undefined = config.dataDir
    ? await lockDataDir(config.dataDir)
    : undefined;
  try {
    return await startLocked(config, now, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** The state file kept current: marked dirty on change, written at most every 200 ms, in order. */
function statePersister(config: EmulatorConfig, state: EmulatorContext["state"]) {
  let dirty = false;
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (!config.dataDir || !dirty) return;
    dirty = false;
    writing = writing
      .then(() => writeStateFile(config.dataDir!, state))
      .catch((error: unknown) => {
        config.log(`could not write the state file: ${(error as Error).message}`);
      });
    await writing;
  };
  const timer = config.dataDir ? setInterval(() => void flush(), 200) : undefined;
  timer?.unref();
  return {
    markDirty: () => {
      dirty = true;
    },
    /** Writes what changed and stops the timer. */
    async finish() {
      if (timer) clearInterval(timer);
      dirty = true;
      await flush();
    },
    stopTimer: () => {
      if (timer) clearInterval(timer);
    },
  };
}

function createContext(
  config: EmulatorConfig,
  state: EmulatorContext["state"],
  blobDir: string,
  now: () => Date,
  persist: () => void,
): EmulatorContext {
  return {
    config,
    state,
    blobDir,
    scheduler: createScheduler(),
    now,
    persist,
    random: seededRandom(config.seed),
    rateWindows: new Map(),
    faultRandom: seededRandom(state.settings.faults.seed),
    dropRandom: seededRandom(state.settings.webhookDrops?.seed ?? config.seed),
    inflight: new Set(),
    claimedBlobPaths: new Set(
      Object.values(state.assets).map((a) => blobClaim(a.workspaceId, a.blobPath)),
    ),
    slack: createSlackRecorder({ now }),
    github: createGithubState(),
  };
}

/** Listens on the configured port; resolves to the address clients are told to use. */
async function listen(server: Server, config: EmulatorConfig): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const shownHost = host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host;
  return `http://${shownHost}:${address.port}`;
}

async function startLocked(
  config: EmulatorConfig,
  now: () => Date,
  lock: DataDirLock | undefined,
): Promise<EmulatorHandle> {
  const saved = config.dataDir ? await readStateFile(config.dataDir) : undefined;
  const state = saved ?? createState(defaultSettings(config.processingSeconds, config.seed), now());
  const blobDir = config.dataDir
    ? blobDirPath(config.dataDir)
    : await mkdtemp(join(tmpdir(), "content-review-emulator-"));
  await makeFolder(blobDir);
  const persister = statePersister(config, state);
  const ctx = createContext(config, state, blobDir, now, persister.markDirty);
  if (saved) {
    for (const asset of Object.values(state.assets)) {
      if (asset.kind === "live") resumeLiveAsset(ctx, asset);
      else resumeSandboxAsset(ctx, asset);
    }
    resumeDeliveries(ctx);
  }
  const server = createServer(createApp(ctx));
  let baseUrl: string;
  try {
    baseUrl = await listen(server, config);
  } catch (error) {
    // A port in use (EADDRINUSE) ends the start: leave no timer and no temp folder behind.
    ctx.scheduler.clear();
    persister.stopTimer();
    if (!config.dataDir) await rm(blobDir, { recursive: true, force: true });
    throw error;
  }
  config.log(`content review emulator listening on ${baseUrl}`);

  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    workspaceId: state.defaultWorkspace.workspaceId,
    liveKey: state.defaultWorkspace.liveKey,
    sandboxKey: state.defaultWorkspace.sandboxKey,
    slackApiUrl: `${baseUrl}${SLACK_API_PATH}/`,
    githubApiUrl: `${baseUrl}${GITHUB_API_PATH}`,
    close() {
      closing ??= (async () => {
        ctx.scheduler.clear();
        for (const controller of ctx.inflight) controller.abort();
        persister.stopTimer();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await persister.finish();
        if (!config.dataDir) await rm(blobDir, { recursive: true, force: true });
        await lock?.release();
      })();
      return closing;
    },
  };
}
