import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolveRelayConfig } from "./config.ts";
import { isRelayConfigError } from "./relay-config-error.ts";
import { startRelay } from "./start-relay.ts";

/**
 * Runs the relay from environment variables until SIGTERM or SIGINT, then drains within
 * `RELAY_SHUTDOWN_TIMEOUT_MS`. A bad setting prints one line naming the variable and exits 1.
 */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof resolveRelayConfig>;
  try {
    config = resolveRelayConfig(env);
  } catch (error) {
    if (!isRelayConfigError(error)) throw error;
    process.stderr.write(`content-review-relay: ${error.message}\n`);
    process.exitCode = 1;
    return;
  }
  let relay: Awaited<ReturnType<typeof startRelay>>;
  try {
    relay = await startRelay(config);
  } catch (error) {
    // Start-up failures (store unreachable, port taken): one line, no stack, no secrets.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`content-review-relay: could not start: ${message}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`content-review-relay listening on ${relay.url}\n`);
  const stop = () => {
    relay.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
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

if (isEntryPoint()) await main();
