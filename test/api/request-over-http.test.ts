import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentReviewClient, NetworkError } from "../../src/api/index.ts";
import { requestOverHttp } from "../../src/api/request-over-http.ts";
import { LIVE_KEY, SUBMISSION_ID, submission } from "../fixtures/api-responses.ts";

async function withServer<T>(
  answer: (
    req: IncomingMessage,
    body: string,
  ) => { status: number; body: string; headers?: Record<string, string> },
  fn: (
    url: string,
    seen: { method: string; body: string; headers: IncomingMessage["headers"] }[],
  ) => Promise<T>,
): Promise<T> {
  const seen: { method: string; body: string; headers: IncomingMessage["headers"] }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (c: string) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({ method: req.method ?? "", body, headers: req.headers });
      const out = answer(req, body);
      res.writeHead(out.status, { "content-type": "application/json", ...out.headers });
      res.end(out.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("requestOverHttp", () => {
  it("requestOverHttp sends the JSON body with its length and reads status, Retry-After and text", async () => {
    await withServer(
      () => ({ status: 429, body: '{"error":"slow down"}', headers: { "retry-after": "7" } }),
      async (url, seen) => {
        const response = await requestOverHttp({
          url: new URL(`${url}/api/x`),
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: '{"a":"é"}',
          signal: new AbortController().signal,
        });
        expect(response).toEqual({ status: 429, retryAfter: "7", text: '{"error":"slow down"}' });
        expect(seen[0]).toMatchObject({ method: "POST", body: '{"a":"é"}' });
        expect(seen[0]!.headers["content-length"]).toBe("10");
      },
    );
  });

  it("requestOverHttp rejects with the signal's reason when it aborts", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const error = await requestOverHttp({
      url: new URL("http://127.0.0.1:9/api/x"),
      method: "GET",
      headers: {},
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
  });

  it("ContentReviewClient sends through Node's http client, not fetch, unless given a fetch", async () => {
    const fetch = vi.fn(() => Promise.reject(new Error("fetch must not be used")));
    vi.stubGlobal("fetch", fetch);
    await withServer(
      () => ({ status: 200, body: JSON.stringify(submission) }),
      async (url, seen) => {
        const client = new ContentReviewClient({ apiKey: LIVE_KEY, baseUrl: url, caller: "test" });
        await expect(client.getSubmission(SUBMISSION_ID)).resolves.toMatchObject({
          submissionId: SUBMISSION_ID,
        });
        expect(seen[0]!.headers["x-api-key"]).toBe(LIVE_KEY);
        expect(fetch).not.toHaveBeenCalled();
      },
    );
  });

  it("ContentReviewClient over http turns a refused connection into a NetworkError that was never sent", async () => {
    const client = new ContentReviewClient({
      apiKey: LIVE_KEY,
      baseUrl: "http://127.0.0.1:9",
      caller: "test",
      retry: { maxAttempts: 1 },
    });
    const error = await client.getSubmission(SUBMISSION_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).ambiguous).toBe(false);
  });
});
