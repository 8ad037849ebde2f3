import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type GithubStandInOptions, startGithubStandIn } from "../../emulator/github/index.ts";
import { type EmulatorOptions, startEmulator } from "../../emulator/index.ts";
import { registerTeardown } from "../helpers/register-teardown.ts";
import { type Stage, writeFiles } from "./review-lifecycle.ts";

/** The Actions token the stage's GitHub stand-in accepts unless told another. */
export const STAGE_TOKEN = "ghs_stagetokenstagetokenstagetoken01";

/** Options of {@link startActionStage}. */
export interface ActionStageOptions {
  /** The token the stand-in accepts (`GITHUB_TOKEN`). @default STAGE_TOKEN */
  readonly token?: string;
  /** The emulator's options, over loopback on a free port with instant processing. */
  readonly emulator?: EmulatorOptions;
  /** The stand-in's options besides the token (TLS, another Actions bot, faults). */
  readonly github?: Omit<GithubStandInOptions, "token">;
  /** Files written into the workspace at once. */
  readonly files?: Record<string, string>;
}

/**
 * Where the built Action runs end to end: an emulator of the service, a GitHub stand-in and an
 * empty workspace (a folder in the run's private TMPDIR, removed with it). Both servers stop
 * when the test that started them ends, or after the file's `afterAll` when started in
 * `beforeAll`, as a file shares one stage among its tests.
 */
export async function startActionStage(options: ActionStageOptions = {}): Promise<Stage> {
  const token = options.token ?? STAGE_TOKEN;
  const emu = await startEmulator({ port: 0, processingSeconds: 0, ...options.emulator });
  registerTeardown(() => emu.close());
  const github = await startGithubStandIn({ ...options.github, token });
  registerTeardown(() => github.close());
  const workspace = await mkdtemp(join(tmpdir(), "content-review-stage-"));
  const stage: Stage = { emu, github, workspace, token };
  if (options.files !== undefined) await writeFiles(stage, options.files);
  return stage;
}
