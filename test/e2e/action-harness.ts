// The runner emulation lives with the try-action command (users run it); tests use the same.
export {
  ACTION_ENTRY,
  type ActionRun,
  parseOutputFile,
  type RunActionOptions,
  runActionAsRunner as runAction,
} from "../../scripts/try-action/run-action-as-runner.ts";

import { rm } from "node:fs/promises";
import {
  type ActionRun,
  pullRequestEvent as event,
  runActionAsRunner,
} from "../../scripts/try-action/run-action-as-runner.ts";

/**
 * A pull_request `synchronize` event payload for `octo/media` (same-repository head unless
 * `fork`); `before` is the head before the push, as GitHub sends it; the base commit is 40 "b"
 * unless `baseSha` names one; `changedFiles` is the PR's `changed_files`, when sent.
 */
export function pullRequestEvent(
  number: number,
  headSha: string,
  fork = false,
  options: { before?: string; baseSha?: string; changedFiles?: number } = {},
) {
  const baseSha = options.baseSha ?? "b".repeat(40);
  const payload = event({ repository: "octo/media", number, headSha, baseSha, fork });
  return {
    ...payload,
    ...(options.changedFiles === undefined
      ? {}
      : { pull_request: { ...payload.pull_request, changed_files: options.changedFiles } }),
    ...(options.before === undefined ? {} : { before: options.before, after: headSha }),
  };
}

/** Where {@link runLiveReview} runs: an emulator, a GitHub stand-in and a workspace. */
export interface LiveReviewServers {
  readonly emu: { readonly liveKey: string; readonly baseUrl: string };
  readonly github: { readonly apiUrl: string };
  readonly token: string;
  readonly workspace: string;
}

/**
 * Runs the built Action as the benchmarks and the memory tests do: the emulator's live key,
 * sidekick `brand`, `fail-on: never` (plus `inputs`), on `event` (a `pull_request` unless
 * `eventName` says otherwise). The run's outputs and summary are read; its runner folder goes
 * at once.
 */
export async function runLiveReview(
  servers: LiveReviewServers,
  event: unknown,
  options: {
    inputs?: Record<string, string>;
    eventName?: string;
    env?: Record<string, string>;
    entry?: string;
  } = {},
): Promise<ActionRun> {
  const run = await runActionAsRunner({
    inputs: {
      "api-key": servers.emu.liveKey,
      "base-url": servers.emu.baseUrl,
      "sidekick-ids": "brand",
      "fail-on": "never",
      ...options.inputs,
    },
    eventName: options.eventName ?? "pull_request",
    event,
    workspace: servers.workspace,
    githubApiUrl: servers.github.apiUrl,
    githubToken: servers.token,
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.entry === undefined ? {} : { entry: options.entry }),
  });
  await rm(run.runnerTemp, { recursive: true, force: true });
  return run;
}
