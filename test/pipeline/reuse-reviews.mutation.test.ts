import { describe, expect, it } from "vitest";
import { type ContentReviewClient, HttpError } from "../../src/api/index.ts";
import type { ReviewFile, ReviewRecordEntry } from "../../src/pipeline/index.ts";
import { reuseReviews } from "../../src/pipeline/reuse-reviews.ts";

// reuseReviews against a scripted client: each decision between reuse, review again, and end the
// run (issue 19). The end-to-end reuse through the emulator is in reuse-reviews.test.ts.
//
// Left alive on purpose (`npm run test:mutation`): `file.contentId === undefined` made false, an
// equivalent mutant (an entry always has a content id, so it differs from an undefined one).

const FILE: ReviewFile = { path: "/ws/media/ad.txt", displayPath: "media/ad.txt", contentId: "c1" };
const ENTRY: ReviewRecordEntry = {
  path: "media/ad.txt",
  contentId: "c1",
  submissionId: "sub-1",
  assetId: "asset-1",
  reviewedIn: "abc123",
  credits: 2,
};

interface Script {
  asset?: Record<string, unknown>;
  failWith?: unknown;
  /** Never answers until the request's signal aborts; then rejects with a plain error. */
  hang?: boolean;
}

/** A client answering getAsset and listAssetTopics as scripted, counting the requests. */
function scriptedClient(script: Script) {
  const requests: string[] = [];
  const answer = async <T>(operation: string, value: T, signal?: AbortSignal): Promise<T> => {
    requests.push(operation);
    if (script.hang) {
      await new Promise((_, reject) =>
        signal?.addEventListener("abort", () => reject(new Error("request aborted"))),
      );
    }
    if (script.failWith !== undefined) throw script.failWith;
    return value;
  };
  const client = {
    redact: (text: string) => text,
    getAsset: (_s: string, _a: string, o?: { signal?: AbortSignal }) =>
      answer(
        "getAsset",
        {
          id: "asset-1",
          filename: "ad.txt",
          status: "complete",
          versionNumber: 1,
          startedAt: "2026-01-01T00:00:00Z",
          completedAt: "2026-01-01T00:00:03Z",
          ...script.asset,
        },
        o?.signal,
      ),
    listAssetTopics: (_s: string, _a: string, o?: { signal?: AbortSignal }) =>
      answer(
        "listAssetTopics",
        {
          topics: [
            {
              id: "t1",
              title: "Claims",
              issues: [{ id: "i1", severity: "critical", description: "d", title: "x" }],
            },
          ],
          orphanIssues: [],
        },
        o?.signal,
      ),
  } as unknown as ContentReviewClient;
  return { client, requests };
}

function httpError(status: number) {
  return new HttpError(`HTTP ${status}`, { status, operation: "getAsset" });
}

async function reuse(
  script: Script,
  candidates = [{ file: FILE, entry: ENTRY }],
  signal?: AbortSignal,
) {
  const { client, requests } = scriptedClient(script);
  const rejected: { file: ReviewFile; message: string }[] = [];
  const reusedEvents: unknown[] = [];
  const result = await reuseReviews({
    client,
    candidates,
    concurrency: 2,
    signal,
    events: { onReuseRejected: (e) => rejected.push(e), onReused: (r) => reusedEvents.push(r) },
  });
  return { ...result, rejected, reusedEvents, requests };
}

describe("reuseReviews reuses", () => {
  it("reuseReviews reuses a complete review of the same file and version, and says where it came from", async () => {
    const { reused, again, rejected, reusedEvents } = await reuse({});
    expect(again).toEqual([]);
    expect(rejected).toEqual([]);
    expect(reused).toHaveLength(1);
    expect(reused[0]).toMatchObject({
      file: FILE,
      assetId: "asset-1",
      blobPath: "asset-1/ad.txt",
      filename: "ad.txt",
      status: "complete",
      failure: null,
      retries: 0,
      resultsError: null,
      reused: { submissionId: "sub-1", reviewedIn: "abc123", credits: 2 },
      processingSeconds: 3,
      counts: { critical: 1 },
    });
    expect(reusedEvents).toEqual(reused);
  });
});

describe("reuseReviews reviews again", () => {
  it.each([
    ["the file has no content id", { ...FILE, contentId: undefined }, ENTRY],
    ["the entry is of another content id", FILE, { ...ENTRY, contentId: "c0" }],
  ])("reuseReviews reviews a file again, asking nothing, when %s", async (_, file, entry) => {
    const { reused, again, rejected, requests } = await reuse({}, [{ file, entry }]);
    expect(reused).toEqual([]);
    expect(again).toEqual([file]);
    expect(rejected.map((e) => e.file)).toEqual([file]);
    expect(rejected[0]?.message).toContain("another version");
    expect(requests).toEqual([]);
  });

  it.each([
    ["failed", { status: "failed" }],
    ["still processing", { status: "processing" }],
    ["of another file", { filename: "other.txt" }],
  ])("reuseReviews reviews a file again when the recorded asset is %s", async (_, asset) => {
    const { reused, again, rejected } = await reuse({ asset });
    expect(reused).toEqual([]);
    expect(again).toEqual([FILE]);
    expect(rejected).toHaveLength(1);
  });

  it.each([
    ["HTTP 404 (gone, or another workspace's)", httpError(404), "HTTP 404"],
    ["HTTP 403", httpError(403), "HTTP 403"],
    ["HTTP 500", httpError(500), "HTTP 500"],
    ["a network error", new Error("socket hang up"), "socket hang up"],
  ])("reuseReviews reviews a file again when reading it fails with %s", async (_, error, text) => {
    const { reused, again, rejected } = await reuse({ failWith: error });
    expect(reused).toEqual([]);
    expect(again).toEqual([FILE]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.message).toContain(text);
  });

  it("reuseReviews keeps the files to reuse and to review again apart", async () => {
    const other = { ...FILE, displayPath: "media/b.txt", contentId: "c2" };
    const { reused, again } = await reuse({}, [
      { file: FILE, entry: ENTRY },
      { file: other, entry: ENTRY },
    ]);
    expect(reused.map((r) => r.file)).toEqual([FILE]);
    expect(again).toEqual([other]);
  });
});

describe("reuseReviews ends the run", () => {
  it.each([401, 402])(
    "reuseReviews throws the HTTP %i of a key the service refuses, as an upload would",
    async (status) => {
      const error = httpError(status);
      await expect(reuse({ failWith: error })).rejects.toBe(error);
    },
  );

  it("reuseReviews stops the other reads when a key is refused", async () => {
    const refused = httpError(401);
    const signals: (AbortSignal | undefined)[] = [];
    const { client } = scriptedClient({ hang: true });
    const hanging = client.getAsset.bind(client);
    const failing = {
      redact: client.redact,
      listAssetTopics: client.listAssetTopics.bind(client),
      getAsset: (s: string, a: string, o?: { signal?: AbortSignal }) => {
        signals.push(o?.signal);
        return signals.length === 1 ? Promise.reject(refused) : hanging(s, a, o);
      },
    } as unknown as ContentReviewClient;
    const other = { ...FILE, displayPath: "media/b.txt" };
    await expect(
      reuseReviews({
        client: failing,
        candidates: [
          { file: FILE, entry: ENTRY },
          { file: other, entry: ENTRY },
        ],
        concurrency: 2,
        events: {},
      }),
    ).rejects.toBe(refused);
    expect(signals).toHaveLength(2);
    expect(signals[1]?.aborted).toBe(true);
  });

  it("reuseReviews stops on an abort without calling the file unreadable", async () => {
    const controller = new AbortController();
    const { client, requests } = scriptedClient({ hang: true });
    const rejected: string[] = [];
    const running = reuseReviews({
      client,
      candidates: [{ file: FILE, entry: ENTRY }],
      concurrency: 1,
      signal: controller.signal,
      events: { onReuseRejected: (e) => rejected.push(e.message) },
    });
    for (let i = 0; i < 100 && requests.length === 0; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(requests.length).toBeGreaterThan(0);
    controller.abort(new Error("cancelled"));
    await expect(running).rejects.toThrow();
    // Let a task that wrongly carried on report before looking.
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejected).toEqual([]);
  });
});
