import { sleep as abortableSleep } from "../../src/api/index.ts";

/**
 * Spaces writes to each Slack channel (about one message per second per channel) and holds a
 * channel back after a 429 for its `Retry-After`. In-process: each replica paces its own calls.
 */
export interface ChannelPacer {
  /** Resolves when the next write to `channel` may go; rejects when `signal` aborts first. */
  wait(channel: string, signal?: AbortSignal): Promise<void>;
  /** Holds `channel` back for `ms` (a 429's Retry-After). */
  pause(channel: string, ms: number): void;
}

export function createChannelPacer(
  minIntervalMs: number,
  now: () => number = Date.now,
  sleep: (ms: number, signal?: AbortSignal) => Promise<unknown> = abortableSleep,
): ChannelPacer {
  const next = new Map<string, number>();
  return {
    async wait(channel, signal) {
      signal?.throwIfAborted();
      // Reserve the slot before sleeping, so concurrent callers queue up one interval apart.
      const at = Math.max(now(), next.get(channel) ?? 0);
      next.set(channel, at + minIntervalMs);
      const delay = at - now();
      if (delay > 0) await sleep(delay, signal);
    },
    pause(channel, ms) {
      next.set(channel, Math.max(next.get(channel) ?? 0, now() + ms));
    },
  };
}
