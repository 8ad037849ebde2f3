import { describeError } from "../../src/shared/describe-error.ts";
import { RELAY_DEFAULTS } from "../config/index.ts";
import type { Logger } from "../logger.ts";
import type { Journal } from "./journal.ts";

/** Days a delivery id is kept to refuse a replay, unless configured. */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  readonly journal: Pick<Journal, "prune"> & Partial<Pick<Journal, "pruneDeliveryIds">>;
  /** Entries finished longer ago than this are deleted. */
  readonly retentionDays: number;
  /** Delivery ids (dedupe keys) received longer ago than this are deleted. @default RELAY_DEFAULTS.DEDUPE_DAYS */
  readonly dedupeDays?: number;
  readonly logger: Logger;
  /** Called with the number of entries each batch deleted. */
  readonly onPruned?: (entries: number) => void;
  /** Entries per batch: small, so that no batch holds the journal for long. @default 500 */
  readonly batchSize?: number;
  /** Pause between batches, so that requests and relays go on in between. @default 100 */
  readonly pauseMs?: number;
  /** Pause between sweeps once a sweep found nothing more to delete. @default 600000 */
  readonly intervalMs?: number;
  /** Delay of the first sweep after start. @default 5000 */
  readonly firstSweepMs?: number;
  /** @default Date.now */
  readonly now?: () => number;
}

/** A running retention loop. */
export interface Retention {
  /** Runs one sweep now, in batches, until nothing old is left; resolves with the count. */
  sweep(): Promise<number>;
  /** Stops the loop (a batch in progress finishes). */
  stop(): Promise<void>;
}

/**
 * Deletes finished journal entries older than `retentionDays`, then delivery ids older than
 * `dedupeDays`, in the background, in small batches with pauses in between, then sleeps until
 * the next sweep.
 */
export function startRetention(options: RetentionOptions): Retention {
  const batchSize = options.batchSize ?? 500;
  const pauseMs = options.pauseMs ?? 100;
  const intervalMs = options.intervalMs ?? 600_000;
  const now = options.now ?? Date.now;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    });

  /** Runs `prune` in batches until a batch comes back short; returns how many it deleted. */
  async function inBatches(prune: () => Promise<number>, each?: (n: number) => void) {
    let total = 0;
    while (!stopped) {
      const deleted = await prune();
      total += deleted;
      if (deleted > 0) each?.(deleted);
      // Stopped meanwhile: no pause, no next batch.
      if (deleted < batchSize || stopped) break;
      await pause(pauseMs);
    }
    return total;
  }

  async function sweepOnce(): Promise<number> {
    const total = await inBatches(
      () => options.journal.prune(now() - options.retentionDays * DAY_MS, batchSize),
      options.onPruned,
    );
    const { pruneDeliveryIds } = options.journal;
    if (pruneDeliveryIds !== undefined) {
      const dedupeDays = options.dedupeDays ?? RELAY_DEFAULTS.DEDUPE_DAYS;
      await inBatches(() => pruneDeliveryIds(now() - dedupeDays * DAY_MS, batchSize));
    }
    if (total > 0) {
      options.logger.info("retention deleted finished entries", {
        entries: total,
        retentionDays: options.retentionDays,
      });
    }
    return total;
  }

  function sweep(): Promise<number> {
    running ??= sweepOnce().finally(() => {
      running = null;
    });
    return running;
  }

  async function loop(): Promise<void> {
    await pause(options.firstSweepMs ?? 5000);
    while (!stopped) {
      try {
        await sweep();
      } catch (error) {
        options.logger.warn("retention sweep failed; it runs again later", {
          error: describeError(error),
        });
      }
      if (!stopped) await pause(intervalMs);
    }
  }
  void loop();

  return {
    sweep,
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
