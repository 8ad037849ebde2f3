// Try the GitHub Action before pushing: `npm run -s try-action -- [folder] [options]`.
//
// Starts the emulator (the Content Review Service and its recording GitHub), opens a pull
// request there whose changed files are the folder's files, runs the committed dist/index.js
// exactly as a GitHub runner would (INPUT_* variables, the event file, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files), then writes what the Action posted to a folder and prints a digest.
// With --event merge_group or push, the pull request's run is followed by its merge queue entry,
// or by the push to main after its merge, which reuse the pull request's record. With --accept,
// a failing run is followed by the same run with an acceptance of what blocked it.
// Offline: nothing leaves this machine. Exits with the Action's exit code; 2 on a usage error;
// 130 after Ctrl+C (143 after SIGTERM), which the Action gets as a cancelled job's SIGINT. Every
// exit path removes the runner's and the emulator's temporary folders, and --accept's in the
// workspace.
import { readdir, rm, stat } from "node:fs/promises";
import { isAbsolute, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { EmulatorHandle } from "../emulator/index.ts";
import { makeFolder, onOutputClosed } from "../src/shared/index.ts";
import { cancelOnSignals } from "./try-action/cancel-on-signals.ts";
import { type Posted, readPosted, writeRehearsal } from "./try-action/collect-rehearsal.ts";
import {
  nextRehearsalStep,
  openRehearsalPullRequest,
  REHEARSAL_EVENTS,
  type RehearsalEvent,
  type RehearsalStep,
  readLedger,
  spentBetween,
} from "./try-action/rehearsal-events.ts";
import { type PlacedAcceptance, rehearseAcceptance } from "./try-action/rehearse-acceptance.ts";
import {
  type ActionRun,
  actionInputNames,
  runActionAsRunner,
} from "./try-action/run-action-as-runner.ts";
import { createRunnerLog } from "./try-action/runner-log.ts";
import { unexpectedInputs } from "./try-action/unexpected-inputs.ts";

const USAGE = `Usage: npm run -s try-action -- [folder] [--event NAME] [--sandbox] [--accept] [--input name=value]... [--out DIR]
  folder               the files of the pull request (default: samples)
  --event NAME         pull_request (default); merge_group or push: the pull request's run, then
                       its merge queue entry or the push to main after its merge
  --sandbox            use the emulator's sandbox key (outcomes from the file names' markers)
  --accept             when the step fails on findings, accept them (in DIR/accepted.yml) and
                       run the same step again: it passes, for 0 new credits
  --input name=value   an input of action.yml, e.g. --input fail-on=major (repeatable)
  --out DIR            where to write what the Action posted (default: try-action-output)`;

const REPOSITORY = "rehearsal/media";
const PULL_NUMBER = 1;

/** Every file under `dir`, hidden folders and node_modules skipped, relative to `from`. */
async function listFiles(dir: string, from: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, from)));
    else if (entry.isFile()) out.push(relative(from, full).split("\\").join("/"));
  }
  return out.sort();
}

/** A usage error: exit 2 with the usage text. */
function usageError(message: string): number {
  process.stderr.write(`try-action: ${message}\n${USAGE}\n`);
  return 2;
}

/** Exit codes of a command stopped by a signal, by the shell's convention (128 + number). */
const SIGNAL_EXIT_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 };

/** What the command line asks for, once checked. */
interface Rehearsal {
  readonly cwd: string;
  readonly workspace: string;
  readonly files: string[];
  readonly inputs: Record<string, string>;
  readonly event: RehearsalEvent;
  readonly sandbox: boolean;
  /** `--accept`: a failing run, then the same run with an acceptance of what blocked it. */
  readonly accept: boolean;
  readonly outDir: string;
  /** The warning a runner prints about inputs action.yml does not declare. */
  readonly unexpected: string | undefined;
}

/** The command line as a rehearsal, or the exit code of a usage error (or of `--help`). */
async function readCommandLine(argv: string[]): Promise<Rehearsal | number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    // parseArgs names the option, then adds advice about `--` that does not fit a typo.
    const message = (error as Error).message;
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    return usageError(unknown ? `unknown option ${unknown}.` : message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) {
    return usageError(`one folder at most (got ${positionals.length}: ${positionals.join(" ")}).`);
  }
  const event = REHEARSAL_EVENTS.find((name) => name === values.event);
  if (event === undefined)
    return usageError(`--event takes ${REHEARSAL_EVENTS.join(", ")} (got "${values.event}").`);
  if (values.accept && event !== "pull_request")
    return usageError(
      `--accept rehearses the pull request's run (got --event ${event}): leave out --event.`,
    );
  // `npm run` starts scripts in the package root; INIT_CWD is where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const folder = resolve(cwd, positionals[0] ?? "samples");
  if (!(await stat(folder).catch(() => undefined))?.isDirectory()) {
    return usageError(`${folder} is not a folder.`);
  }
  const outDir = resolve(cwd, values.out);
  // Checked before the emulator starts: a run must not end on a folder it cannot write.
  const outProblem = await makeFolder(outDir).then(
    () => undefined,
    (error: NodeJS.ErrnoException) => error.code ?? error.message,
  );
  if (outProblem !== undefined) {
    return usageError(
      `--out ${outDir} cannot be created as a folder (${outProblem}): pick another --out.`,
    );
  }
  const inputs: Record<string, string> = {};
  for (const pair of values.input) {
    const at = pair.indexOf("=");
    if (at < 1) return usageError(`--input takes name=value (got "${pair}").`);
    inputs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  // The pull request's paths are relative to the workspace: the working directory when the
  // folder is inside it (as in a checkout), else the folder itself.
  const inside = !relative(cwd, folder).startsWith("..") && !isAbsolute(relative(cwd, folder));
  const workspace = inside ? cwd : folder;
  return {
    cwd,
    workspace,
    files: await listFiles(folder, workspace),
    inputs,
    event,
    sandbox: values.sandbox,
    accept: values.accept,
    outDir,
    // As a runner does: the step still runs, and the log says which inputs it ignores.
    unexpected: unexpectedInputs(Object.keys(inputs), await actionInputNames()),
  };
}

/** One run of the Action in the rehearsal, with what the service recorded during it. */
interface StepRun {
  readonly step: RehearsalStep;
  readonly run: ActionRun;
  readonly spent: string;
  /** What the recording GitHub had kept before this run. */
  readonly postedBefore: Posted;
  /** The signal that came while the Action ran (sent on to it as SIGINT), if one did. */
  readonly cancelledBy: NodeJS.Signals | undefined;
}

async function main(argv: string[], signals: ReturnType<typeof cancelOnSignals>): Promise<number> {
  const rehearsal = await readCommandLine(argv);
  if (typeof rehearsal === "number") return rehearsal;
  const { files, sandbox } = rehearsal;
  const shownLines: string[] = [];
  const show = (line: string) => {
    shownLines.push(line);
    process.stderr.write(`  | ${line}\n`);
  };
  const cancelledBefore = () => {
    const signal = signals.received();
    if (signal === undefined) return undefined;
    process.stderr.write(`try-action: cancelled by ${signal} before the Action ran.\n`);
    return SIGNAL_EXIT_CODES[signal] ?? 1;
  };

  // Loaded once the command line is good: a usage error answers without loading the emulator.
  const { startEmulator } = await import("../emulator/index.ts");
  const emu = await startEmulator({ port: 0, processingSeconds: 0.5 });
  const runs: StepRun[] = [];
  let acceptance: PlacedAcceptance | undefined;
  let acceptanceSaid: string | undefined;
  try {
    const early = cancelledBefore();
    if (early !== undefined) return early;
    let step = await openRehearsalPullRequest({
      githubApiUrl: emu.githubApiUrl,
      repository: REPOSITORY,
      number: PULL_NUMBER,
      workspace: rehearsal.workspace,
      files,
    });
    process.stderr.write(
      `try-action: pull request #${PULL_NUMBER} of ${REPOSITORY} with ${files.length} changed file${files.length === 1 ? "" : "s"}; running dist/index.js against the emulator (${sandbox ? "sandbox" : "live"} key)\n`,
    );
    if (rehearsal.unexpected !== undefined) show(`Warning: ${rehearsal.unexpected}`);
    // A signal between two runs stops the rehearsal before the next one: the exit code is the
    // signal's, and the digest is the last run's, which nothing cancelled.
    let stopped: number | undefined;
    for (;;) {
      stopped = cancelledBefore();
      if (stopped !== undefined) break;
      const ran = await runStep(emu, rehearsal, step, signals, show, acceptance?.input);
      runs.push(ran);
      if (ran.cancelledBy !== undefined) break;
      if (rehearsal.accept && runs.length === 1) {
        const placed = await rehearseAcceptance({ ...rehearsal, run: ran.run, label: step.label });
        acceptanceSaid = "said" in placed ? placed.said : placed.stopped;
        process.stderr.write(`try-action: ${acceptanceSaid}\n`);
        if ("stopped" in placed) break;
        acceptance = placed;
        continue;
      }
      if (step.eventName === rehearsal.event) break;
      step = await nextRehearsalStep({
        githubApiUrl: emu.githubApiUrl,
        repository: REPOSITORY,
        number: PULL_NUMBER,
        eventName: rehearsal.event as Exclude<RehearsalEvent, "pull_request">,
      });
      process.stderr.write(
        `try-action: ${step.label} (${step.eventName}); running dist/index.js\n`,
      );
    }
    if (runs.length === 0) return stopped ?? 1;
    const code = await report(rehearsal, runs, `${shownLines.join("\n")}\n`, emu.githubApiUrl, {
      said: acceptanceSaid,
      yaml: acceptance?.yaml,
    });
    return stopped ?? code;
  } finally {
    // The acceptance is the rehearsal's, never the user's: nothing of it stays in their folder.
    await acceptance?.remove();
    for (const { run } of runs) await rm(run.runnerTemp, { recursive: true, force: true });
    await emu.close();
  }
}

/** Runs the Action on one step of the rehearsal, as a runner would. */
async function runStep(
  emu: EmulatorHandle,
  rehearsal: Rehearsal,
  step: RehearsalStep,
  signals: ReturnType<typeof cancelOnSignals>,
  show: (line: string) => void,
  acceptedFile: string | undefined,
): Promise<StepRun> {
  const log = createRunnerLog();
  const before = await readLedger(emu.baseUrl);
  const postedBefore = await readPosted(emu.githubApiUrl);
  const run = await runActionAsRunner({
    inputs: {
      "api-key": rehearsal.sandbox ? emu.sandboxKey : emu.liveKey,
      "base-url": emu.baseUrl,
      "sidekick-ids": "brand-safety",
      ...rehearsal.inputs,
      ...(acceptedFile === undefined ? {} : { "accepted-file": acceptedFile }),
    },
    eventName: step.eventName,
    event: step.event,
    workspace: rehearsal.workspace,
    githubApiUrl: emu.githubApiUrl,
    githubToken: "ghs_rehearsal_token",
    repository: REPOSITORY,
    sha: step.sha,
    cancel: signals.cancel,
    onLine: (line) => {
      const shown = log.show(line);
      if (shown !== null) show(shown);
      return undefined;
    },
  });
  // A signal after the Action ended cancelled nothing of this run.
  const cancelledBy = signals.received();
  const spent = spentBetween(before, await readLedger(emu.baseUrl));
  return { step, run, spent, postedBefore, cancelledBy };
}

/** Writes what the last run posted and prints the digest; returns the exit code. */
async function report(
  rehearsal: Rehearsal,
  runs: readonly StepRun[],
  shown: string,
  githubApiUrl: string,
  acceptance: { said: string | undefined; yaml: string | undefined },
): Promise<number> {
  const last = runs.at(-1)!;
  const { cancelledBy } = last;
  const digest = await writeRehearsal({
    outDir: rehearsal.outDir,
    shownFrom: rehearsal.cwd,
    run: last.run,
    log: `${shown}${runs.map(({ run }) => run.stderr).join("\n")}`,
    posted: await readPosted(githubApiUrl),
    postedBefore: last.postedBefore,
    spent: last.spent,
    earlier: runs.slice(0, -1).map(({ step, run, spent }) => ({
      label: `${step.label} (${step.eventName})`,
      run,
      spent,
    })),
    ...(cancelledBy === undefined ? {} : { cancelledBy }),
    ...(acceptance.said === undefined
      ? {}
      : { acceptance: { ...acceptance, said: acceptance.said } }),
  });
  process.stdout.write(digest);
  if (cancelledBy !== undefined) return SIGNAL_EXIT_CODES[cancelledBy] ?? 1;
  return last.run.code ?? 1;
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      event: { type: "string", default: "pull_request" },
      sandbox: { type: "boolean", default: false },
      accept: { type: "boolean", default: false },
      input: { type: "string", multiple: true, default: [] },
      out: { type: "string", default: "try-action-output" },
      help: { type: "boolean", short: "h" },
    },
  });
}

// A reader that goes away (`| head`) must not end the run before it has cleaned up: what it no
// longer reads is dropped, and the exit code stays the Action's.
onOutputClosed([process.stdout, process.stderr]);
const signals = cancelOnSignals(process);
main(process.argv.slice(2), signals)
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`try-action: ${(error as Error).message}\n`);
      process.exitCode = 1;
    },
  )
  .finally(() => signals.dispose());
