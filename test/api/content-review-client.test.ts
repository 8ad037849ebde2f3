import nock from "nock";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { operations } from "../../src/api/generated/operations.gen.ts";
import {
  AmbiguousRequestError,
  ConfigurationError,
  ContentReviewClient,
  NetworkError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from "../../src/api/index.ts";
import {
  assetResult,
  LIVE_KEY,
  OPERATION_CASES,
  SUBMISSION_ID,
  submission,
  TEST_KEY,
} from "../fixtures/api-responses.ts";
import { startScriptedServer } from "../helpers/scripted-server.ts";

const BASE = "https://review.test";

function client(overrides: Record<string, unknown> = {}) {
  return new ContentReviewClient({
    apiKey: LIVE_KEY,
    baseUrl: BASE,
    caller: "test",
    random: () => 0.5,
    retry: { baseDelayMs: 10, maxDelayMs: 100 },
    ...overrides,
  });
}

type Method = (...args: unknown[]) => Promise<unknown>;
function invoke(c: ContentReviewClient, call: readonly unknown[]) {
  const [name, ...args] = call as [string, ...unknown[]];
  return ((c as unknown as Record<string, Method>)[name] as Method).apply(c, args);
}

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect("127.0.0.1");
});
afterEach(() => {
  nock.cleanAll();
  vi.useRealTimers();
});

describe("ContentReviewClient operations", () => {
  it("ContentReviewClient has a test case for every operation of the OpenAPI file", () => {
    expect(OPERATION_CASES.map((c) => c.operation).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(OPERATION_CASES)(
    "ContentReviewClient.$operation sends $method $path and returns the parsed body",
    async (c) => {
      let seenBody: unknown;
      const scope = nock(BASE, {
        reqheaders: {
          "x-api-key": LIVE_KEY,
          "user-agent": /^content-review-toolkit\/\d+\.\d+\.\d+ \(test; node v\d+/,
        },
      })
        .intercept(c.path, c.method, (body) => {
          seenBody = body;
          return true;
        })
        .reply(c.status, c.reply as nock.Body);
      const result = await invoke(client(), c.call);
      expect(scope.isDone()).toBe(true);
      if (c.reply === undefined) expect(result).toBeUndefined();
      else expect(result).toMatchObject(c.reply as object);
      const sent = c.call.find((arg, i) => i > 0 && typeof arg === "object" && c.method !== "GET");
      if (c.method === "POST" || c.method === "PATCH") {
        if (c.operation !== "retryAsset") expect(seenBody).toEqual(sent);
      }
    },
  );

  it("ContentReviewClient.createSubmission sends simulationDelaySeconds as a query parameter", async () => {
    const scope = nock(BASE)
      .post("/api/submissions?simulationDelaySeconds=5")
      .reply(201, submission);
    await client({ apiKey: TEST_KEY }).createSubmission(
      { assets: [{ blobPath: "a/b.pdf" }], sidekickIds: ["s"] },
      { simulationDelaySeconds: 5 },
    );
    expect(scope.isDone()).toBe(true);
  });

  it("ContentReviewClient keeps a path prefix of the base URL", async () => {
    const scope = nock(BASE).get(`/prefix/api/submissions/${SUBMISSION_ID}`).reply(200, submission);
    await client({ baseUrl: `${BASE}/prefix/` }).getSubmission(SUBMISSION_ID);
    expect(scope.isDone()).toBe(true);
  });

  it("ContentReviewClient.iterateAssets walks every page", async () => {
    const asset = assetResult;
    const page = (n: number, of: number, count: number) => ({
      data: Array.from({ length: count }, (_, i) => ({ ...asset, filename: `f${n}-${i}.pdf` })),
      pagination: { page: n, pageSize: 2, total: 5, totalPages: of },
    });
    nock(BASE)
      .get("/api/assets")
      .query({ tagValueIds: "v", page: "1", pageSize: "2" })
      .reply(200, page(1, 3, 2))
      .get("/api/assets")
      .query({ tagValueIds: "v", page: "2", pageSize: "2" })
      .reply(200, page(2, 3, 2))
      .get("/api/assets")
      .query({ tagValueIds: "v", page: "3", pageSize: "2" })
      .reply(200, page(3, 3, 1));
    const names: string[] = [];
    for await (const a of client().iterateAssets({ tagValueIds: ["v"], pageSize: 2 }))
      names.push(a.filename);
    expect(names).toEqual(["f1-0.pdf", "f1-1.pdf", "f2-0.pdf", "f2-1.pdf", "f3-0.pdf"]);
  });
});

describe("ContentReviewClient configuration", () => {
  it.each([
    ["empty", ""],
    ["no prefix", "abc123"],
    ["short live key", "sk_live_abc"],
    ["live key with non-hex", `sk_live_${"z".repeat(64)}`],
    ["short test key", "sk_test_x"],
  ])(
    "ContentReviewClient rejects a malformed key (%s) before any request, without echoing it",
    (_, key) => {
      expect(() => new ContentReviewClient({ apiKey: key, baseUrl: BASE })).toThrow(
        ConfigurationError,
      );
      try {
        new ContentReviewClient({ apiKey: key, baseUrl: BASE });
      } catch (error) {
        if (key.length >= 4) expect((error as Error).message).not.toContain(key);
        expect((error as Error).message).toMatch(/sk_live_.*sk_test_/);
      }
    },
  );

  it.each([
    [LIVE_KEY, false],
    [TEST_KEY, true],
  ])("ContentReviewClient.isSandbox is derived from the key prefix", (key, sandbox) => {
    expect(new ContentReviewClient({ apiKey: key, baseUrl: BASE }).isSandbox).toBe(sandbox);
  });

  it("ContentReviewClient never shows its key: not in inspect, JSON or its own redact()", async () => {
    const { inspect } = await import("node:util");
    const c = client();
    expect(inspect(c, { depth: 5, showHidden: true })).not.toContain(LIVE_KEY);
    expect(JSON.stringify(c)).not.toContain(LIVE_KEY);
    expect(c.redact(`echo ${LIVE_KEY} done`)).toBe("echo [REDACTED] done");
  });

  it("ContentReviewClient rejects a base URL that is not http(s)", () => {
    expect(() => new ContentReviewClient({ apiKey: LIVE_KEY, baseUrl: "ftp://x" })).toThrow(
      /baseUrl.*http/,
    );
  });

  it.each(["https://review.example.com/api", "https://review.example.com/api/", "http://h/x/API"])(
    "ContentReviewClient refuses a base URL ending in /api (%s) before any request, naming the setting",
    async (baseUrl) => {
      const fetch = vi.fn<typeof globalThis.fetch>();
      const build = (setting?: string) =>
        new ContentReviewClient({
          apiKey: LIVE_KEY,
          baseUrl,
          fetch,
          ...(setting ? { baseUrlSetting: setting } : {}),
        });
      expect(() => build()).toThrow(/^Client option "baseUrl" must not end in \/api: /);
      expect(() => build("BASE_URL")).toThrow(/^BASE_URL must not end in \/api: .*use http/);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("ContentReviewClient keeps a base URL whose path only contains api", () => {
    expect(
      () => new ContentReviewClient({ apiKey: LIVE_KEY, baseUrl: "https://api.example.com/apis" }),
    ).not.toThrow();
  });
});

describe("ContentReviewClient response validation", () => {
  it("ContentReviewClient throws a ResponseValidationError naming the operation and field path", async () => {
    nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(200, { ...submission, assets: [{ assetId: "not-a-uuid", status: "bogus" }] });
    const error = await client()
      .getSubmission(SUBMISSION_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const e = error as ResponseValidationError;
    expect(e.operation).toBe("getSubmission");
    expect(e.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(["assets.0.status", "assets.0.assetId"]),
    );
    expect(e.message).toContain("getSubmission");
    expect(e.message).toContain("assets.0.status");
  });

  it("ContentReviewClient keeps unknown response fields out of the way (the service may add fields)", async () => {
    nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(200, { ...submission, extra: { a: 1 } });
    await expect(client().getSubmission(SUBMISSION_ID)).resolves.toMatchObject({
      status: "complete",
    });
  });
});

describe("ContentReviewClient retries", () => {
  it("ContentReviewClient retries a 500 on a read with backoff and reports it through onRetry", async () => {
    const onRetry = vi.fn();
    nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(500, { detail: "Storage error" })
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(502, { detail: "bad gateway" })
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(200, submission);
    await expect(client({ onRetry }).getSubmission(SUBMISSION_ID)).resolves.toMatchObject({
      status: "complete",
    });
    expect(onRetry.mock.calls.map(([e]) => [e.attempt, e.reason, e.delayMs])).toEqual([
      [1, "HTTP 500", 5],
      [2, "HTTP 502", 10],
    ]);
  });

  it("ContentReviewClient waits exactly Retry-After on a 429 before retrying", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const first = nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(429, { error: "slow down" }, { "Retry-After": "7" });
    const promise = client().getSubmission(SUBMISSION_ID);
    while (!first.isDone()) await new Promise((resolve) => setImmediate(resolve));
    const second = nock(BASE).get(`/api/submissions/${SUBMISSION_ID}`).reply(200, submission);
    await vi.advanceTimersByTimeAsync(6_990);
    expect(second.isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    await expect(promise).resolves.toMatchObject({ status: "complete" });
    expect(second.isDone()).toBe(true);
  });

  it("ContentReviewClient gives up after maxAttempts with the last error, a RateLimitError with retryAfterSeconds", async () => {
    nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .times(3)
      .reply(429, { error: "slow down" }, { "Retry-After": "0" });
    const error = await client({ retry: { maxAttempts: 3 } })
      .getSubmission(SUBMISSION_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(0);
    expect((error as RateLimitError).bucket).toBe("submission_read");
  });

  it("ContentReviewClient stops when the overall cap would be passed", async () => {
    const onRetry = vi.fn();
    const scope = nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(429, { error: "x" }, { "Retry-After": "3600" });
    await expect(client({ onRetry }).getSubmission(SUBMISSION_ID)).rejects.toBeInstanceOf(
      RateLimitError,
    );
    expect(scope.isDone()).toBe(true);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it("ContentReviewClient never retries a 4xx other than 429", async () => {
    const scope = nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(404, { detail: "Submission not found" });
    await expect(client().getSubmission(SUBMISSION_ID)).rejects.toMatchObject({
      status: 404,
      name: "DomainError",
    });
    expect(scope.isDone()).toBe(true);
  });

  it("ContentReviewClient retries a reset connection on a read", async () => {
    const server = await startScriptedServer(["reset", { status: 200, body: submission }]);
    try {
      await expect(
        client({ baseUrl: server.url }).getSubmission(SUBMISSION_ID),
      ).resolves.toMatchObject({ status: "complete" });
      expect(server.seen).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it("ContentReviewClient turns a slow answer into a TimeoutError", async () => {
    const server = await startScriptedServer([]);
    const silent = await import("node:http").then(({ createServer }) =>
      createServer(() => undefined),
    );
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const error = await client({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 50,
      retry: { maxAttempts: 1 },
    })
      .getSubmission(SUBMISSION_ID)
      .catch((e: unknown) => e);
    silent.closeAllConnections();
    silent.close();
    await server.close();
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(50);
  });
});

describe("ContentReviewClient non-idempotent writes after an ambiguous failure", () => {
  const body = {
    assets: [{ blobPath: "0b6a5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d/ad.pdf" }],
    sidekickIds: ["claims"],
  };

  it.each([
    ["a reset connection", "reset" as const],
    ["a 500", { status: 500, body: { detail: "Storage error" } }],
    ["a 502", { status: 502, body: { detail: "Bad gateway" } }],
  ])(
    "ContentReviewClient.createSubmission is not replayed after %s, and says how to find out",
    async (_, step) => {
      const onRetry = vi.fn();
      const server = await startScriptedServer([step, { status: 201, body: submission }]);
      try {
        const error = await client({ baseUrl: server.url, onRetry })
          .createSubmission(body)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AmbiguousRequestError);
        expect((error as AmbiguousRequestError).message).toMatch(
          /may or may not have taken effect.*409 Conflict/,
        );
        expect((error as AmbiguousRequestError).cause).toBeDefined();
        expect(server.seen).toHaveLength(1);
        expect(onRetry).not.toHaveBeenCalled();
      } finally {
        await server.close();
      }
    },
  );

  it("ContentReviewClient.createSubmission is replayed after a 429, which the service rejected before acting", async () => {
    nock(BASE)
      .post("/api/submissions")
      .reply(429, { error: "slow down" }, { "Retry-After": "0" })
      .post("/api/submissions")
      .reply(201, submission);
    await expect(client().createSubmission(body)).resolves.toMatchObject({
      submissionId: SUBMISSION_ID,
    });
  });

  it("ContentReviewClient.createSubmission is replayed when the connection was never made", async () => {
    const server = await startScriptedServer([{ status: 201, body: submission }]);
    let calls = 0;
    const refuseOnce: typeof fetch = (input, init) => {
      calls += 1;
      if (calls === 1) {
        return Promise.reject(
          Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }),
        );
      }
      return fetch(input, init);
    };
    try {
      await expect(
        client({ baseUrl: server.url, fetch: refuseOnce }).createSubmission(body),
      ).resolves.toMatchObject({
        submissionId: SUBMISSION_ID,
      });
      expect(server.seen).toHaveLength(1);
      expect(calls).toBe(2);
    } finally {
      await server.close();
    }
  });

  it.each([
    ["retryAsset", ["retryAsset", SUBMISSION_ID, "0b6a5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d"]],
    [
      "createWebhookSubscription",
      [
        "createWebhookSubscription",
        { endpointUrl: "https://h.example.com", eventTypes: ["asset.processing.completed"] },
      ],
    ],
    [
      "fireSandboxEvent",
      [
        "fireSandboxEvent",
        { eventType: "asset.processing.completed", submissionId: SUBMISSION_ID },
      ],
    ],
  ])("ContentReviewClient.%s is not replayed after a reset", async (_, call) => {
    const server = await startScriptedServer(["reset", { status: 200, body: {} }]);
    try {
      const error = await invoke(client({ baseUrl: server.url }), call).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AmbiguousRequestError);
      expect(server.seen).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("ContentReviewClient replays a read-only POST (estimatePrice) after a reset", async () => {
    const server = await startScriptedServer([
      "reset",
      { status: 200, body: { files: [], totalCredits: 0 } },
    ]);
    try {
      await expect(
        client({ baseUrl: server.url }).estimatePrice({ files: [{ blobPath: "a/b.pdf" }] }),
      ).resolves.toEqual({
        files: [],
        totalCredits: 0,
      });
      expect(server.seen).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it("ContentReviewClient reports a network failure of a read as an ambiguous NetworkError after its retries", async () => {
    const server = await startScriptedServer(["reset"]);
    try {
      const error = await client({ baseUrl: server.url, retry: { maxAttempts: 2 } })
        .getSubmission(SUBMISSION_ID)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect(error).not.toBeInstanceOf(AmbiguousRequestError);
      expect((error as NetworkError).ambiguous).toBe(true);
      expect(server.seen).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});

describe("ContentReviewClient hooks", () => {
  it("ContentReviewClient calls onRequest and onResponse for every attempt, with redacted URLs", async () => {
    const events: string[] = [];
    nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(500, { detail: "x" })
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(200, submission);
    await client({
      onRequest: (e: { attempt: number; url: string }) => events.push(`req ${e.attempt} ${e.url}`),
      onResponse: (e: { attempt: number; status?: number }) =>
        events.push(`res ${e.attempt} ${e.status}`),
    }).getSubmission(SUBMISSION_ID);
    expect(events).toEqual([
      `req 1 ${BASE}/api/submissions/${SUBMISSION_ID}`,
      "res 1 500",
      `req 2 ${BASE}/api/submissions/${SUBMISSION_ID}`,
      "res 2 200",
    ]);
  });

  it("ContentReviewClient stops waiting between retries when the signal aborts", async () => {
    nock(BASE)
      .get(`/api/submissions/${SUBMISSION_ID}`)
      .reply(429, { error: "x" }, { "Retry-After": "30" });
    const controller = new AbortController();
    const promise = client().getSubmission(SUBMISSION_ID, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stopped by test")), 20);
    await expect(promise).rejects.toThrow("stopped by test");
  });
});
