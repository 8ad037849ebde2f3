// @ts-nocheck
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ContentReviewClient,
  DomainError,
  RateLimitError,
  type Submission,
  WaitTimeoutError,
  waitForSubmission,
} from "../../src/api/index.ts";

const ID = "5f0c6a1e-2b7d-4c1a-9a3e-1d2c3b4a5f60";

/** A stand-in client whose submission finishes at `doneAtMs` (fake time). */
function fakeClient(statusAt: (elapsedMs: number) => Submission["status"] | Error) {
  const start = Date.now();
  const polls: number[] = [];
  const client = {
    timing: { now: () => Date.now() },
    getSubmission: vi.fn(async () => {
      const elapsed = Date.now() - start;
      polls.push(elapsed);
      const status = statusAt(elapsed);
      if (status instanceof Error) throw status;
      return { submissionId: ID, status, assets: [] } satisfies Submission;
    }),
  } as unknown as ContentReviewClient;
  return { client, polls };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => vi.useRealTimers());

describe("waitForSubmission", () => {
  it("waitForSubmission polls with growing intervals and takes at most 25 polls for a 10-minute review", async () => {
    const { client, polls } = fakeClient((t) => (t >= 600_000 ? "complete" : "processing"));
    const done = waitForSubmission(client, ID, { timeoutMs: 30 * 60_000 });
    await vi.advanceTimersByTimeAsync(600_000);
    await expect(done).resolves.toMatchObject({ status: "complete" });
    expect(polls.slice(0, 6)).toEqual([0, 2_000, 6_000, 14_000, 30_000, 60_000]);
    expect(polls.length).toBeLessThanOrEqual(25);
    const gaps = polls.slice(1).map((t, i) => t - polls[i]!);
    expect(Math.max(...gaps)).toBe(30_000);
  });

  it.each(["complete", "partial", "failed"] as const)(
    "waitForSubmission stops at the terminal status %s",
    async (status) => {
      const { client, polls } = fakeClient((t) => (t >= 2_000 ? status : "queued"));
      const done = waitForSubmission(client, ID);
      await vi.advanceTimersByTimeAsync(2_000);
      await expect(done).resolves.toMatchObject({ status });
      expect(polls).toEqual([0, 2_000]);
    },
  );

  it("waitForSubmission reports every read through onProgress", async () => {
    const seen: string[] = [];
    const { client } = fakeClient((t) =>
      t >= 6_000 ? "complete" : t >= 2_000 ? "processing" : "queued",
    );
    const done = waitForSubmission(client, ID, { onProgress: (s) => seen.push(s.status) });
    await vi.advanceTimersByTimeAsync(6_000);
    await done;
    expect(seen).toEqual(["queued", "processing", "complete"]);
  });

  it("waitForSubmission throws a WaitTimeoutError with the last status when time runs out", async () => {
    const { client, polls } = fakeClient(() => "processing");
    const done = waitForSubmission(client, ID, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20_000);
    const error = (await done) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.message).toContain("last status: processing");
    expect(polls.at(-1)).toBe(20_000);
  });

  it("waitForSubmission waits at least Retry-After when polling is rate limited", async () => {
    const limited = new RateLimitError("slow", {
      operation: "getSubmission",
      status: 429,
      retryAfterSeconds: 45,
    });
    const { client, polls } = fakeClient((t) => (t === 0 ? limited : "complete"));
    const done = waitForSubmission(client, ID);
    await vi.advanceTimersByTimeAsync(45_000);
    await expect(done).resolves.toMatchObject({ status: "complete" });
    expect(polls).toEqual([0, 45_000]);
  });

  it("waitForSubmission ends at once on a non-transient error such as 404", async () => {
    const missing = new DomainError("nf", {
      operation: "getSubmission",
      status: 404,
      body: { detail: "Submission not found" },
    });
    const { client } = fakeClient(() => missing);
    await expect(waitForSubmission(client, ID)).rejects.toBe(missing);
  });

  it("waitForSubmission can be aborted while waiting", async () => {
    const { client, polls } = fakeClient(() => "processing");
    const controller = new AbortController();
    const done = waitForSubmission(client, ID, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(3_000);
    controller.abort(new Error("cancelled"));
    expect(((await done) as Error).message).toBe("cancelled");
    expect(polls).toEqual([0, 2_000]);
  });
});
