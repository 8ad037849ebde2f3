import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ContentReviewClient } from "../../src/api/index.ts";
import { requestDeadline } from "../../src/shared/request-deadline.ts";
import { LIVE_KEY, SUBMISSION_ID, submission } from "../fixtures/api-responses.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("requestDeadline", () => {
  it("requestDeadline aborts with a TimeoutError when the time is up, and says so", async () => {
    const deadline = requestDeadline(5);
    await new Promise((resolve) => deadline.signal.addEventListener("abort", resolve));
    expect(deadline.timedOut()).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe("TimeoutError");
    deadline.release();
  });

  it("requestDeadline follows the caller's abort, which is not a timeout", () => {
    const caller = new AbortController();
    const deadline = requestDeadline(60_000, caller.signal);
    caller.abort(new Error("stop"));
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as Error).message).toBe("stop");
    expect(deadline.timedOut()).toBe(false);
    deadline.release();
  });

  it("requestDeadline, released, no longer follows the caller", () => {
    const caller = new AbortController();
    const deadline = requestDeadline(60_000, caller.signal);
    deadline.release();
    caller.abort();
    expect(deadline.signal.aborted).toBe(false);
  });

  it("ContentReviewClient leaves no request's abort signal reachable once the request is done", async () => {
    const signals: WeakRef<AbortSignal>[] = [];
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const signal = init!.signal!;
      // As fetch does: it listens for an abort while the request runs.
      signal.addEventListener("abort", () => undefined);
      signals.push(new WeakRef(signal));
      return new Response(JSON.stringify(submission), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }) as typeof globalThis.fetch;
    const client = new ContentReviewClient({
      apiKey: LIVE_KEY,
      baseUrl: "http://127.0.0.1:9",
      caller: "test",
      fetch,
    });
    const run = new AbortController();
    for (let i = 0; i < 10; i++) await client.getSubmission(SUBMISSION_ID);
    for (let i = 0; i < 10; i++) await client.getSubmission(SUBMISSION_ID, { signal: run.signal });
    for (let i = 0; i < 3; i++) {
      await turn();
      gc();
    }
    expect(signals).toHaveLength(20);
    // AbortSignal.any() with AbortSignal.timeout() kept each one for the whole 30 s timeout.
    expect(signals.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });
});
