// Try the GitHub Action before pushing: `npm run -s try-action -- [folder] [options]`.
//
// Starts the emulator (the Content Review Service and its recording GitHub), opens a pull
// request there whose changed files are the folder's files, runs the committed dist/index.js
// exactly as a GitHub runner would (INPUT_* variables, the event file, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files), then writes what the Action posted to a folder and prints a digest.
// Offline: nothing leaves this machine. Exits with the Action's exit code; 2 on a usage error;
// 130 after Ctrl+C (143 after SIGTERM), which the Action gets as a cancelled job's SIGINT. Every
// exit path removes the runner's and the emulator's temporary folders.
import { randomBytes } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import { isAbsolute, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "../emulator/index.ts";
import { onOutputClosed } from "../src/shared/index.ts";
import { cancelOnSignals } from "./try-action/cancel-on-signals.ts";
import { readPosted, writeRehearsal } from "./try-action/collect-rehearsal.ts";
import {
  actionInputNames,
  pullRequestEvent,
  runActionAsRunner,
} from "./try-action/run-action-as-runner.ts";
import { createRunnerLog } from "./try-action/runner-log.ts";
import { unexpectedInputs } from "./try-action/unexpected-inputs.ts";

const USAGE = `Usage: npm run -s try-action -- [folder] [--sandbox] [--input name=value]... [--out DIR]
  folder               the files of the pull request (default: samples)
  --sandbox            use the emulator's sandbox key (outcomes from the file names' markers)
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

async function main(argv: string[], signals: ReturnType<typeof cancelOnSignals>): Promise<number> {
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
  // `npm run` starts scripts in the package root; INIT_CWD is where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const folder = resolve(cwd, positionals[0] ?? "samples");
  if (!(await stat(folder).catch(() => undefined))?.isDirectory()) {
    return usageError(`${folder} is not a folder.`);
  }
  const inputs: Record<string, string> = {};
  for (const pair of values.input) {
    const at = pair.indexOf("=");
    if (at < 1) return usageError(`--input takes name=value (got "${pair}").`);
    inputs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  // As a runner does: the step still runs, and the log says which inputs it ignores.
  const unexpected = unexpectedInputs(Object.keys(inputs), await actionInputNames());
  const shownLines: string[] = [];
  const show = (line: string) => {
    shownLines.push(line);
    process.stderr.write(`  | ${line}\n`);
  };
  // The pull request's paths are relative to the workspace: the working directory when the
  // folder is inside it (as in a checkout), else the folder itself.
  const inside = !relative(cwd, folder).startsWith("..") && !isAbsolute(relative(cwd, folder));
  const workspace = inside ? cwd : folder;
  const files = await listFiles(folder, workspace);

  const emu = await startEmulator({ port: 0, processingSeconds: 0.5 });
  try {
    const cancelledBefore = () => {
      const signal = signals.received();
      if (signal === undefined) return undefined;
      process.stderr.write(`try-action: cancelled by ${signal} before the Action ran.\n`);
      return SIGNAL_EXIT_CODES[signal] ?? 1;
    };
    const early = cancelledBefore();
    if (early !== undefined) return early;
    const headSha = randomBytes(20).toString("hex");
    const seeded = await fetch(`${emu.githubApiUrl}/pulls`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        repository: REPOSITORY,
        number: PULL_NUMBER,
        files: files.map((filename) => ({ filename, status: "added" })),
      }),
    });
    if (!seeded.ok) throw new Error(`Could not open the pull request: ${await seeded.text()}`);
    process.stderr.write(
      `try-action: pull request #${PULL_NUMBER} of ${REPOSITORY} with ${files.length} changed file${files.length === 1 ? "" : "s"}; running dist/index.js against the emulator (${values.sandbox ? "sandbox" : "live"} key)\n`,
    );
    if (unexpected !== undefined) show(`Warning: ${unexpected}`);
    const late = cancelledBefore();
    if (late !== undefined) return late;
    const log = createRunnerLog();
    const run = await runActionAsRunner({
      inputs: {
        "api-key": values.sandbox ? emu.sandboxKey : emu.liveKey,
        "base-url": emu.baseUrl,
        "sidekick-ids": "brand-safety",
        ...inputs,
      },
      eventName: "pull_request",
      event: pullRequestEvent({
        repository: REPOSITORY,
        number: PULL_NUMBER,
        headSha,
        baseSha: "0".repeat(40),
      }),
      workspace,
      githubApiUrl: emu.githubApiUrl,
      githubToken: "ghs_rehearsal_token",
      repository: REPOSITORY,
      sha: headSha,
      cancel: signals.cancel,
      onLine: (line) => {
        const shown = log.show(line);
        if (shown !== null) show(shown);
        return undefined;
      },
    });
    // A signal after the Action ended cancelled nothing.
    const cancelledBy = signals.received();
    try {
      const digest = await writeRehearsal({
        outDir: resolve(cwd, values.out),
        shownFrom: cwd,
        run,
        log: `${shownLines.join("\n")}\n${run.stderr}`,
        posted: await readPosted(emu.githubApiUrl),
        ...(cancelledBy === undefined ? {} : { cancelledBy }),
      });
      process.stdout.write(digest);
    } finally {
      await rm(run.runnerTemp, { recursive: true, force: true });
    }
    if (cancelledBy !== undefined) return SIGNAL_EXIT_CODES[cancelledBy] ?? 1;
    return run.code ?? 1;
  } finally {
    await emu.close();
  }
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      sandbox: { type: "boolean", default: false },
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
