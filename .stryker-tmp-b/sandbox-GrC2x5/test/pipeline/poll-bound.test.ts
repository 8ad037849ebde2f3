// @ts-nocheck
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentReviewClient } from "../../src/api/index.ts";
import { runReviewPipeline } from "../../src/pipeline/index.ts";

const SUBMISSION = "5a786613-ef78-47d5-a880-55e6df6a0923";
const ASSET = "78b1913a-56bc-4d95-ad03-0109d5398fa4";

/**
 * A service whose review takes `reviewMs` from the moment the submission is created (the local
 * file checks before it use real I/O, during which fake time may run on), answering from memory;
 * counts status polls.
 */
function slowService(reviewMs: number) {
  let started = Number.POSITIVE_INFINITY;
  let polls = 0;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? "GET";
    if (url.pathname === "/api/pricing/estimate")
      return json(200, { files: [{ credits: 0, priceable: false }], totalCredits: 0 });
    if (url.pathname === "/api/submissions" && method === "POST") {
      started = Date.now();
      return json(201, {
        submissionId: SUBMISSION,
        status: "processing",
        assets: [{ assetId: ASSET, status: "processing" }],
      });
    }
    if (url.pathname === `/api/submissions/${SUBMISSION}`) {
      polls += 1;
      const done = Date.now() - started >= reviewMs;
      const status = done ? "complete" : "processing";
      return json(200, { submissionId: SUBMISSION, status, assets: [{ assetId: ASSET, status }] });
    }
    if (url.pathname.endsWith("/topics")) {
      return json(200, {
        assetId: ASSET,
        topics: [],
        orphanIssues: [],
        metadata: { totalTopics: 0, orphanIssueCount: 0 },
      });
    }
    return json(200, {
      assetId: ASSET,
      submissionId: SUBMISSION,
      filename: "a.txt",
      status: "complete",
      versionNumber: 1,
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, polls: () => polls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("runReviewPipeline polling", () => {
  it.each([
    [10 * 60_000, 25],
    [60_000, 8],
  ])("runReviewPipeline polls a %i ms review at most %i times", async (reviewMs, bound) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const service = slowService(reviewMs);
    const client = new ContentReviewClient({
      apiKey: "sk_test_abcdefgh12345678",
      baseUrl: "https://review.test",
      fetch: service.fetch,
      now: () => Date.now(),
    });
    const { writeFile, mkdtemp } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(join(tmpdir(), "poll-"));
    await writeFile(join(dir, "a__sandbox_pass__.txt"), "x");
    const running = runReviewPipeline({
      client,
      files: [{ path: join(dir, "a__sandbox_pass__.txt"), displayPath: "a__sandbox_pass__.txt" }],
      sidekickIds: ["brand"],
    });
    let outcome: Awaited<typeof running> | undefined;
    void running.then((o) => {
      outcome = o;
    });
    for (let second = 0; outcome === undefined && second < 2 * 3600; second++) {
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(outcome?.status).toBe("completed");
    expect(service.polls()).toBeLessThanOrEqual(bound);
    expect(service.polls()).toBeGreaterThan(bound - 3);
  });
});
