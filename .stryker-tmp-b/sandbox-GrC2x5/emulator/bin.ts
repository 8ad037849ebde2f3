// @ts-nocheck
import { parseArgs } from "node:util";
import { type EmulatorHandle, startEmulator } from "./index.ts";

const USAGE = `Usage: content-review-emulator [--port N] [--host H] [--allow-insecure-webhooks] [--data-dir DIR]
  --port N                   TCP port (0 picks a free one; default 0)
  --host H                   interface to listen on (default 127.0.0.1)
  --allow-insecure-webhooks  accept http:// webhook URLs on loopback hosts
  --data-dir DIR             keep state and uploads in DIR across restarts
  --processing-seconds S     how long live review takes (default 2)
It also answers as Slack (<baseUrl>/_emulator/slack/api/) and as GitHub (<baseUrl>/_emulator/github)
and records what they are sent: point the relay's SLACK_API_URL and GITHUB_API_URL there.`;

/**
 * The command line: prints one JSON line `{baseUrl, workspaceId, liveKey, sandboxKey}` first,
 * then human-readable logs; stops cleanly on SIGINT and SIGTERM.
 */
export async function main(
  argv: readonly string[] = process.argv.slice(2),
): Promise<EmulatorHandle | undefined> {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exitCode = 2;
    return undefined;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return undefined;
  }
  const port = Number(values.port ?? "0");
  // A reader that takes the first line and closes the pipe (`| head -1`) must not crash the
  // emulator with EPIPE on the next log line: stop writing to stdout instead.
  let stdoutOpen = true;
  process.stdout.on("error", () => {
    stdoutOpen = false;
  });
  const out = (text: string) => {
    if (stdoutOpen) process.stdout.write(text);
  };
  // Logs wait until the JSON line is out, so that line is always first.
  let pending: string[] | undefined = [];
  const processingSeconds =
    values["processing-seconds"] === undefined ? undefined : Number(values["processing-seconds"]);
  const handle = await startEmulator({
    port,
    host: values.host ?? "127.0.0.1",
    allowInsecureWebhooks: values["allow-insecure-webhooks"] ?? false,
    ...(values["data-dir"] ? { dataDir: values["data-dir"] } : {}),
    ...(processingSeconds === undefined ? {} : { processingSeconds }),
    log: (line) => {
      if (pending) pending.push(line);
      else out(`[emulator] ${line}\n`);
    },
  });
  // Handlers first: a supervisor may signal as soon as it reads the first line.
  const stop = (signal: string) => {
    out(`[emulator] ${signal} received, stopping\n`);
    void handle.close().then(() => {
      process.exitCode = 0;
    });
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  const { baseUrl, workspaceId, liveKey, sandboxKey, slackApiUrl, githubApiUrl } = handle;
  // Must stay the first stdout line: tools parse it.
  out(
    `${JSON.stringify({ baseUrl, workspaceId, liveKey, sandboxKey, slackApiUrl, githubApiUrl })}\n`,
  );
  for (const line of pending) out(`[emulator] ${line}\n`);
  pending = undefined;
  out(`[emulator] ready; stop with Ctrl+C\n`);
  return handle;
}

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
    },
    strict: true,
  });
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    process.stderr.write(`content-review-emulator: ${(error as Error).message}\n`);
    process.exitCode = 1;
  });
}
