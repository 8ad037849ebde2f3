import { fchmodSync, fstatSync } from "node:fs";
import { parseArgs } from "node:util";
import { PACKAGE_VERSION } from "../src/api/index.ts";
import {
  onOutputClosed,
  recordLaunchParentPid,
  stopWhenParentExits,
  watchPipeReaders,
} from "../src/shared/index.ts";
import { type EmulatorHandle, startEmulator } from "./index.ts";
import { startFailureMessage } from "./start-failure-message.ts";

const USAGE = `Usage: content-review-emulator [--port N] [--host H] [--allow-insecure-webhooks] [--data-dir DIR]
  --port N                   TCP port (0 picks a free one; default 0)
  --host H                   interface to listen on (default 127.0.0.1)
  --allow-insecure-webhooks  accept http:// webhook URLs on loopback hosts
  --data-dir DIR             keep state and uploads in DIR across restarts (one emulator per DIR)
  --processing-seconds S     how long live review takes (default 2)
  -V, --version              print the version and exit
It also answers as Slack (<baseUrl>/_emulator/slack/api/) and as GitHub (<baseUrl>/_emulator/github)
and records what they are sent: point the relay's SLACK_API_URL and GITHUB_API_URL there.`;

/** What the command line asks for, decided before anything starts. */
export type EmulatorCommand =
  | { readonly kind: "usage-error"; readonly message: string }
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | {
      readonly kind: "start";
      readonly options: {
        readonly port: number;
        readonly host: string;
        readonly allowInsecureWebhooks: boolean;
        readonly dataDir?: string;
        readonly processingSeconds?: number;
      };
    };

/** Reads the arguments into what to do; every bad one is a usage error in its own words. */
export function planEmulatorCommand(argv: readonly string[]): EmulatorCommand {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    return { kind: "usage-error", message: (error as Error).message };
  }
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  // Checked here, in the words of the command line, before the options' schema sees a NaN.
  const port = Number(values.port ?? "0");
  const seconds = Number(values["processing-seconds"] ?? "0");
  if (!/^\d+$/.test(values.port ?? "0") || port > 65535) {
    const message = `--port must be a whole number from 0 to 65535 (got "${values.port}")`;
    return { kind: "usage-error", message };
  }
  if (!/^\d+(\.\d+)?$/.test(values["processing-seconds"] ?? "0") || !Number.isFinite(seconds)) {
    const message = `--processing-seconds must be a number of seconds, 0 or more (got "${values["processing-seconds"]}")`;
    return { kind: "usage-error", message };
  }
  return {
    kind: "start",
    options: {
      port,
      host: values.host ?? "127.0.0.1",
      allowInsecureWebhooks: values["allow-insecure-webhooks"] ?? false,
      ...(values["data-dir"] ? { dataDir: values["data-dir"] } : {}),
      ...(values["processing-seconds"] === undefined ? {} : { processingSeconds: seconds }),
    },
  };
}

/**
 * The command line: prints one JSON line `{baseUrl, workspaceId, liveKey, sandboxKey}` first,
 * then human-readable logs; stops cleanly on SIGINT and SIGTERM.
 */
export async function main(
  argv: readonly string[] = process.argv.slice(2),
): Promise<EmulatorHandle | undefined> {
  const command = planEmulatorCommand(argv);
  if (command.kind === "usage-error") {
    process.stderr.write(`content-review-emulator: ${command.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return undefined;
  }
  if (command.kind !== "start") {
    process.stdout.write(command.kind === "help" ? `${USAGE}\n` : `${PACKAGE_VERSION}\n`);
    return undefined;
  }
  return serve(command.options);
}

/** Starts the emulator and keeps its output and signals as the command line promises. */
async function serve(options: Extract<EmulatorCommand, { kind: "start" }>["options"]) {
  // A reader that takes the first line and closes the pipe (`| head -1`) has what it came for:
  // the emulator stops at the next line it cannot write, as every command of the toolkit does,
  // instead of serving on with no one to read its log (a shell waits for it for ever).
  // A reader that goes after the later lines are out leaves no write to fail: on Linux the
  // emulator also watches its pipe's readers.
  let stdoutOpen = true;
  let stop: ((why: string) => void) | undefined;
  const outputClosed = () => {
    stdoutOpen = false;
    stop?.("its output was closed");
  };
  onOutputClosed([process.stdout], outputClosed);
  watchPipeReaders(1, outputClosed);
  const out = (text: string) => {
    if (stdoutOpen) process.stdout.write(text);
  };
  // Logs wait until the JSON line is out, so that line is always first.
  let pending: string[] | undefined = [];
  const handle = await startEmulator({
    ...options,
    log: (line) => {
      if (pending) pending.push(line);
      else out(`[emulator] ${line}\n`);
    },
  });
  // The lines after the first go out a moment later through a pipe: a reader that takes the
  // first line alone (`| head -1`) has closed it by then, and the write that fails stops the
  // emulator. They always come before the line that says it stops.
  let firstLineOut = false;
  const showReady = () => {
    if (!firstLineOut || pending === undefined) return;
    for (const line of pending) out(`[emulator] ${line}\n`);
    pending = undefined;
    out(`[emulator] ready; stop with Ctrl+C\n`);
  };
  // Handlers first: a supervisor may signal as soon as it reads the first line. They stay on
  // until the end: Ctrl+C under `npm run` reaches the emulator twice (from the terminal, then
  // from npm), and a second signal without a handler would end the process before close()
  // removed the temp folder. A closing terminal (SIGHUP) stops it the same way.
  let stopping = false;
  stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    showReady();
    out(`[emulator] ${why}, stopping\n`);
    void handle.close().then(() => {
      process.exitCode = 0;
    });
  };
  if (!stdoutOpen) stop("its output was closed");
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(`${signal} received`));
  // `kill` of the npx pid reaches sh, not this process: its end stops the emulator as SIGTERM.
  stopWhenParentExits(() => stop("its parent process ended"));
  const { baseUrl, workspaceId, liveKey, sandboxKey, slackApiUrl, githubApiUrl } = handle;
  keepOutputPrivate();
  // Must stay the first stdout line: tools parse it.
  out(
    `${JSON.stringify({ baseUrl, workspaceId, liveKey, sandboxKey, slackApiUrl, githubApiUrl })}\n`,
  );
  firstLineOut = true;
  if (process.stdout.isTTY) showReady();
  else setTimeout(showReady, READER_GRACE_MS).unref();
  return handle;
}

/**
 * The first line holds the keys: written to a file (`> emulator.log`), that file is made
 * readable by its owner only (0600), as the secret files are. A pipe or a terminal is left be.
 */
function keepOutputPrivate(): void {
  try {
    if (fstatSync(1).isFile()) fchmodSync(1, 0o600);
  } catch {
    // A file the user may not change (another owner's): the line is written as before.
  }
}

/** How long a reader of the first line has to close the pipe before the next lines follow. */
const READER_GRACE_MS = 250;

/** Signals that stop the emulator cleanly (the temp folder removed). */
const STOP_SIGNALS = Object.freeze(["SIGINT", "SIGTERM", "SIGHUP"] as const);

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "allow-insecure-webhooks": { type: "boolean" },
      "data-dir": { type: "string" },
      "processing-seconds": { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "V" },
    },
    strict: true,
  });
}

/**
 * Runs the command line to its end, as the installed `content-review-emulator` does: a start
 * that fails (a port in use, a data folder it cannot write) is one line on stderr, in words, and
 * exit 1.
 */
export async function run(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  try {
    await main(argv);
  } catch (error) {
    process.stderr.write(`content-review-emulator: ${startFailureMessage(error)}\n`);
    process.exitCode = 1;
  }
}

if (import.meta.main) {
  // `node emulator/bin.ts`: as early as this entry allows (the bin records before the bundle).
  recordLaunchParentPid();
  void run();
}
