import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { PACKAGE_VERSION } from "../src/api/index.ts";
import { recordLaunchParentPid } from "../src/shared/index.ts";
import {
  isRelayConfigError,
  RELAY_VARIABLES,
  relayUsage,
  resolveRelayConfig,
} from "./config/index.ts";
import { RELAY_EXIT_CODES } from "./relay-exit-codes.ts";
import { type StartRelayOverrides, startRelay } from "./start-relay.ts";
import { stopOnSignals } from "./stop-on-signals.ts";

/**
 * Runs the relay from environment variables until SIGTERM or SIGINT, then drains within
 * `RELAY_SHUTDOWN_TIMEOUT_MS`. A bad setting prints one line naming the variable and exits 2
 * (as the CLI's usage errors do). A journal that cannot make committed writes durable ends the
 * process with one line and exit code 1: the supervisor restarts it, and the restart schedules
 * what was committed. The codes are {@link RELAY_EXIT_CODES}.
 * `faults` injects failures for tests; no setting reaches it.
 */
export async function main(
  env: NodeJS.ProcessEnv = process.env,
  faults: Pick<StartRelayOverrides, "fdatasync"> = {},
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  if (argv.some((a) => a === "--help" || a === "-h")) {
    process.stdout.write(`${relayUsage(RELAY_VARIABLES)}\n`);
    return;
  }
  if (argv.some((a) => a === "--version" || a === "-V")) {
    process.stdout.write(`${PACKAGE_VERSION}\n`);
    return;
  }
  if (argv.length > 0) {
    process.stderr.write(
      `content-review-relay: unknown argument "${argv[0]}": the relay reads its settings from environment variables (see content-review-relay --help)\n`,
    );
    process.exitCode = RELAY_EXIT_CODES.usage;
    return;
  }
  let config: ReturnType<typeof resolveRelayConfig>;
  try {
    config = resolveRelayConfig(env);
  } catch (error) {
    if (!isRelayConfigError(error)) throw error;
    // Every problem at once, one line each: one run shows all there is to fix.
    for (const problem of error.problems) {
      process.stderr.write(`content-review-relay: ${problem.message}\n`);
    }
    process.exitCode = RELAY_EXIT_CODES.usage;
    return;
  }
  for (const warning of config.warnings) {
    process.stderr.write(`content-review-relay: warning: ${warning}\n`);
  }
  let relay: Awaited<ReturnType<typeof startRelay>>;
  try {
    relay = await startRelay(config, {
      ...faults,
      onFatal: (error) => {
        process.stderr.write(`content-review-relay: stopping: ${error.message}\n`);
        process.exit(RELAY_EXIT_CODES.failure);
      },
    });
  } catch (error) {
    // Start-up failures (store unreachable or in use, port taken): one line, no stack, no secrets.
    const message =
      (error as NodeJS.ErrnoException | null)?.code === "EADDRINUSE"
        ? `port ${config.port} on ${config.host} is already in use: stop what listens there, or set PORT to another port (set PORT=0 to pick a free one)`
        : isHostProblem(error, config.host)
          ? `HOST ${config.host} is not an address of this machine: set HOST to one of its addresses, 0.0.0.0 for all of them, or 127.0.0.1 for this machine alone`
          : error instanceof Error
            ? error.message
            : String(error);
    process.stderr.write(`content-review-relay: could not start: ${message}\n`);
    process.exitCode = RELAY_EXIT_CODES.failure;
    return;
  }
  // Before the start line: whoever reads it may signal at once.
  stopOnSignals(() => relay.close(), config.shutdownTimeoutMs);
  process.stdout.write(`content-review-relay ${relay.summary}\n`);
}

/** True when listening failed on HOST itself: no such name, or not an address of this machine. */
function isHostProblem(error: unknown, host: string): boolean {
  const e = error as (NodeJS.ErrnoException & { hostname?: string }) | null;
  if (e?.code === "EADDRNOTAVAIL") return e.syscall === "listen";
  return e?.code === "ENOTFOUND" && e.hostname === host;
}

// Run when executed directly (`node receiver/bin.ts`, or a bundle of it), not when imported.
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // `node receiver/bin.ts`: as early as this entry allows (the bin records before the bundle).
  recordLaunchParentPid();
  await main();
}
