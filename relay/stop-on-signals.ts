import { stopWhenParentExits } from "../src/shared/index.ts";
import { RELAY_EXIT_CODES } from "./relay-exit-codes.ts";

/** The signals that stop the relay, after draining. */
const STOP_SIGNALS = Object.freeze(["SIGTERM", "SIGINT"] as const);

/**
 * Stops the relay on SIGTERM or SIGINT, or when the process that started it goes away: drains
 * (`close`), then exits 0, or 1 when draining failed. A signal during the drain is answered
 * with a line and otherwise ignored: Ctrl+C under `npm run relay` reaches the relay twice (from
 * the terminal and forwarded by npm), and the second must not cut the drain short. The drain
 * is bounded by `RELAY_SHUTDOWN_TIMEOUT_MS` all the same.
 */
export function stopOnSignals(close: () => Promise<void>, shutdownTimeoutMs: number): void {
  const budget = `at most ${Math.ceil(shutdownTimeoutMs / 1000)} s`;
  let stopping = false;
  const stop = (why: string): void => {
    if (stopping) {
      process.stderr.write(
        `content-review-relay: ${why} again: still draining (${budget} from the first signal), then it stops\n`,
      );
      return;
    }
    stopping = true;
    process.stderr.write(
      `content-review-relay: ${why}: draining in-flight relays (${budget}), then stopping\n`,
    );
    close().then(
      () => process.exit(RELAY_EXIT_CODES.ok),
      () => process.exit(RELAY_EXIT_CODES.failure),
    );
  };
  // `on`, not `once`: with no listener left, a second signal would end the process mid-drain.
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));
  // `kill` of the npx pid reaches sh, not this process: its end stops the relay as SIGTERM does.
  stopWhenParentExits(() => stop("the process that started the relay went away"));
}
