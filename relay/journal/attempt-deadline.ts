import { describeError } from "../../src/shared/describe-error.ts";
import { storableText } from "./storable-key.ts";

/** The deadline of one handler attempt, as a signal. */
export interface AttemptDeadline {
  readonly signal: AbortSignal;
  /** When the signal aborts at the latest (ms since the epoch). */
  readonly deadline: number;
  /** Stops the timer once the attempt is over. */
  dispose(): void;
}

/** An attempt overran its deadline; its calls were aborted. */
export class AttemptDeadlineError extends Error {
  override readonly name = "AttemptDeadlineError";
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(
      `The relay attempt passed its deadline of ${timeoutMs} ms and was stopped; it runs again later (raise RELAY_HANDLER_TIMEOUT_MS if destinations are this slow)`,
    );
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A signal that aborts after `timeoutMs`, or as soon as one of `parents` does (shutdown, or a
 * lease the store took back), with the parent's reason.
 */
export function attemptDeadline(
  timeoutMs: number,
  parents: readonly AbortSignal[] = [],
  now: () => number = Date.now,
): AttemptDeadline {
  const own = new AbortController();
  const timer = setTimeout(() => own.abort(new AttemptDeadlineError(timeoutMs)), timeoutMs);
  timer.unref();
  return {
    signal: parents.length === 0 ? own.signal : AbortSignal.any([own.signal, ...parents]),
    deadline: now() + timeoutMs,
    dispose: () => clearTimeout(timer),
  };
}

/** The message of an error, cut for the `last_error` column (which may not hold U+0000). */
export function errorText(error: unknown): string {
  return storableText(describeError(error).slice(0, 1000));
}
