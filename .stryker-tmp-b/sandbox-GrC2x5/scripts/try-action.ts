// @ts-nocheck
// Try the GitHub Action before pushing: `npm run -s try-action -- [folder] [options]`.
//
// Starts the emulator (the Content Review Service and its recording GitHub), opens a pull
// request there whose changed files are the folder's files, runs the committed dist/index.js
// exactly as a GitHub runner would (INPUT_* variables, the event file, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files), then writes what the Action posted to a folder and prints a digest.
// Offline: nothing leaves this machine. Exits with the Action's exit code.
import { randomBytes } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import { isAbsolute, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "../emulator/index.ts";
import { readPosted, writeRehearsal } from "./try-action/collect-rehearsal.ts";
import { pullRequestEvent, runActionAsRunner } from "./try-action/run-action-as-runner.ts";
import { createRunnerLog } from "./try-action/runner-log.ts";

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

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      sandbox: { type: "boolean", default: false },
      input: { type: "string", multiple: true, default: [] },
      out: { type: "string", default: "try-action-output" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // `npm run` starts scripts in the package root; INIT_CWD is where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const folder = resolve(cwd, positionals[0] ?? "samples");
  if (!(await stat(folder).catch(() => undefined))?.isDirectory()) {
    process.stderr.write(`try-action: ${folder} is not a folder.\n${USAGE}\n`);
    return 2;
  }
  const inputs: Record<string, string> = {};
  for (const pair of values.input) {
    const at = pair.indexOf("=");
    if (at < 1) {
      process.stderr.write(`try-action: --input takes name=value (got "${pair}").\n`);
      return 2;
    }
    inputs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  // The pull request's paths are relative to the workspace: the working directory when the
  // folder is inside it (as in a checkout), else the folder itself.
  const inside = !relative(cwd, folder).startsWith("..") && !isAbsolute(relative(cwd, folder));
  const workspace = inside ? cwd : folder;
  const files = await listFiles(folder, workspace);

  const emu = await startEmulator({ port: 0, processingSeconds: 0.5 });
  try {
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
    const log = createRunnerLog();
    const shownLines: string[] = [];
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
      onLine: (line) => {
        const shown = log.show(line);
        if (shown !== null) {
          shownLines.push(shown);
          process.stderr.write(`  | ${shown}\n`);
        }
        return undefined;
      },
    });
    try {
      const digest = await writeRehearsal({
        outDir: resolve(cwd, values.out),
        shownFrom: cwd,
        run,
        log: `${shownLines.join("\n")}\n${run.stderr}`,
        posted: await readPosted(emu.githubApiUrl),
      });
      process.stdout.write(digest);
    } finally {
      await rm(run.runnerTemp, { recursive: true, force: true });
    }
    return run.code ?? 1;
  } finally {
    await emu.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`try-action: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
