import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DestinationError } from "../../../relay/effects/destination-error.ts";
import { createApiEnricher } from "../../../relay/processing/enricher.ts";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A service that takes requests and never answers them. */
async function silentService(): Promise<{ baseUrl: string; requests: string[] }> {
  const requests: string[] = [];
  server = createServer((req) => {
    requests.push(`${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe("createApiEnricher", () => {
  it("stops at the attempt's signal and names the service and the host it tried", async () => {
    const { baseUrl, requests } = await silentService();
    const enricher = createApiEnricher({
      baseUrl,
      apiKey: "sk_test_enricher_00000000000000000000",
      requestTimeoutMs: 60_000,
      maxElapsedMs: 60_000,
    });
    const attempt = new AbortController();
    const pending = enricher.assetDetails("sub-1", "asset-1", true, attempt.signal);
    while (requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    attempt.abort(new Error("the attempt's deadline passed"));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DestinationError);
    expect(error).toMatchObject({ destination: "the service", operation: "getAsset" });
    expect((error as Error).message).toMatch(
      new RegExp(
        `^the service \\(${new URL(baseUrl).host.replace(/\./g, "\\.")}\\) getAsset failed: `,
      ),
    );
    expect((error as Error).message).not.toContain("sk_test_");
    expect(requests).toEqual(["GET /api/submissions/sub-1/assets/asset-1"]);
  });
});
