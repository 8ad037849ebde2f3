// @ts-nocheck
import { describe, expect, it } from "vitest";
import { mapConcurrent } from "../../src/pipeline/map-concurrent.ts";

/** A promise with its resolve and reject in hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending callback and I/O event run (no timer involved). */
const settle = () => new Promise((r) => setImmediate(r));

describe("mapConcurrent", () => {
  it("mapConcurrent keeps input order and never runs more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const gates = Array.from({ length: 7 }, () => deferred());
    const done = mapConcurrent([0, 1, 2, 3, 4, 5, 6], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await gates[n]!.promise;
      running--;
      return n * 10;
    });
    // Finish them in reverse order: the results still follow the input.
    for (const gate of [...gates].reverse()) {
      await settle();
      gate.resolve();
    }
    expect(await done).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(3);
  });

  it("mapConcurrent starts no item after the first failure and aborts the ones running", async () => {
    const started: number[] = [];
    const aborted: number[] = [];
    const gates = Array.from({ length: 10 }, () => deferred());
    const done = mapConcurrent(
      Array.from({ length: 10 }, (_, i) => i),
      3,
      async (n, _index, signal) => {
        started.push(n);
        signal.addEventListener("abort", () => aborted.push(n));
        await gates[n]!.promise;
        return n;
      },
    );
    await settle();
    expect(started).toEqual([0, 1, 2]);
    const fatal = Object.assign(new Error("HTTP 401"), { status: 401 });
    gates[0]!.reject(fatal);
    await expect(done).rejects.toBe(fatal);
    expect(aborted.sort()).toEqual([0, 1, 2]);
    // The two still running finish anyway: their workers must not pick up item 3.
    gates[1]!.resolve();
    gates[2]!.resolve();
    await settle();
    await settle();
    expect(started).toEqual([0, 1, 2]);
  });

  it("mapConcurrent stops starting items when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => deferred());
    const done = mapConcurrent(
      [0, 1, 2, 3, 4],
      2,
      async (n, _index, signal) => {
        started.push(n);
        await Promise.race([
          gates[n]!.promise,
          new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
        ]);
        return n;
      },
      controller.signal,
    );
    await settle();
    controller.abort(new Error("cancelled"));
    await expect(done).rejects.toThrow("cancelled");
    await settle();
    expect(started).toEqual([0, 1]);
  });

  it("mapConcurrent with no items resolves to none", async () => {
    expect(await mapConcurrent([], 4, async () => 1)).toEqual([]);
  });
});
