// What the Action benchmarks run against: the emulator, the fake GitHub and a workspace.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type GithubStandIn,
  type GithubStandInOptions,
  startGithubStandIn,
} from "../emulator/github/index.ts";
import { type EmulatorHandle, startEmulator } from "../emulator/index.ts";
import { type ActionRun, runLiveReview } from "../test/e2e/action-harness.ts";

/** Text that trips 0, 1 or 2 of the emulator's rules, so that files get findings and comments. */
export const TEXTS: readonly string[] = Object.freeze([
  "A calm description of the product.\n",
  "Act now, this offer ends soon.\n",
  "Clinically proven and guaranteed.\n",
]);

/** What the emulator's ledger counts: uploads, submissions, assets submitted, credits charged. */
export interface Ledger {
  readonly uploads: number;
  readonly submissions: number;
  readonly assets: number;
  readonly creditsCharged: number;
}

export interface BenchServers {
  readonly emu: EmulatorHandle;
  readonly github: GithubStandIn;
  readonly workspace: string;
  /** Service responses by operation id. */
  readonly service: Record<string, number>;
  ledger(): Promise<Ledger>;
  /**
   * Runs the built Action on `event` (sidekick `brand`, fail-on never), a `pull_request` unless
   * `eventName` says otherwise.
   */
  review(event: unknown, inputs?: Record<string, string>, eventName?: string): Promise<ActionRun>;
  close(): Promise<void>;
}

/**
 * A fresh emulator (processing 0 s, counting its responses), fake GitHub (with `githubOptions`)
 * and workspace.
 */
export async function startBenchServers(
  token: string,
  name: string,
  githubOptions: Omit<GithubStandInOptions, "token"> = {},
): Promise<BenchServers> {
  const service: Record<string, number> = {};
  const emu = await startEmulator({
    port: 0,
    processingSeconds: 0,
    onResponse: (r) => {
      service[r.operationId] = (service[r.operationId] ?? 0) + 1;
    },
  });
  const github = await startGithubStandIn({ token, ...githubOptions });
  const workspace = await mkdtemp(join(tmpdir(), `bench-${name}-`));
  return {
    emu,
    github,
    workspace,
    service,
    ledger: async () => (await fetch(`${emu.baseUrl}/_emulator/ledger`)).json() as Promise<Ledger>,
    review: (event, inputs = {}, eventName = "pull_request") =>
      runLiveReview({ emu, github, token, workspace }, event, { inputs, eventName }),
    close: async () => {
      await github.close();
      await emu.close();
      await rm(workspace, { recursive: true, force: true });
    },
  };
}
