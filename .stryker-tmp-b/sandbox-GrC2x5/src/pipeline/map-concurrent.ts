// @ts-nocheck
import pMap from "p-map";

/**
 * Runs `task` over `items` with at most `limit` running at once (p-map) and returns the results
 * in input order. The first task that throws ends the pool: no further item starts, the tasks
 * still running see their `signal` abort (so that their requests stop too), and the call rejects
 * with that error. An abort of `signal` ends it the same way. Tasks catch what they can handle.
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const failed = new AbortController();
  const taskSignal =
    signal === undefined ? failed.signal : AbortSignal.any([signal, failed.signal]);
  return pMap(
    items,
    async (item, index) => {
      try {
        return await task(item, index, taskSignal);
      } catch (error) {
        failed.abort(error);
        throw error;
      }
    },
    { concurrency: Math.max(1, limit), ...(signal === undefined ? {} : { signal }) },
  );
}
