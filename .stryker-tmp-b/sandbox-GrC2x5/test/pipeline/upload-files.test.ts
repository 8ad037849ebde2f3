// @ts-nocheck
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ContentReviewClient } from "../../src/api/index.ts";
import { runReviewPipeline } from "../../src/pipeline/index.ts";
import { uploadFiles } from "../../src/pipeline/upload-files.ts";

const BASE = "https://review.test";
const KEY = `sk_live_${"ab".repeat(32)}`;
let dir: string;
/** Storage is a real loopback server: the upload streams through node:http. */
let storage: Server;
let storageUrl: string;
const stored: string[] = [];

beforeAll(async () => {
  storage = createServer((req, res) => {
    req.resume().on("end", () => {
      stored.push(req.url ?? "");
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => storage.listen(0, "127.0.0.1", r));
  storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), "upload-nock-"));
  await writeFile(join(dir, "good.txt"), "fine");
  await writeFile(join(dir, "refused.txt"), "refused");
});

afterEach(() => {
  nock.cleanAll();
});

afterAll(async () => {
  storage?.closeAllConnections();
  await new Promise((r) => storage?.close(r));
});

const client = () =>
  new ContentReviewClient({ apiKey: KEY, baseUrl: BASE, retry: { maxAttempts: 1 } });
const files = () => [
  { path: join(dir, "refused.txt"), displayPath: "refused.txt" },
  { path: join(dir, "good.txt"), displayPath: "good.txt" },
];

describe("runReviewPipeline uploads (nock)", () => {
  it("runReviewPipeline skips a file the service refuses and submits the others", async () => {
    const asset = "11111111-2222-4333-8444-555555555555";
    nock(BASE)
      .post("/api/uploads/url", (b) => b.filename === "refused.txt")
      .reply(415, { detail: "Unsupported content type" });
    nock(BASE)
      .post("/api/uploads/url", (b) => b.filename === "good.txt")
      .reply(200, {
        uploadUrl: `${storageUrl}/_storage/${asset}/good.txt?sig=secret-signature-value`,
        blobPath: `${asset}/good.txt`,
        expiresAt: "2030-01-01T00:00:00Z",
      });
    nock(BASE)
      .post("/api/pricing/estimate")
      .reply(200, {
        files: [{ blobPath: `${asset}/good.txt`, credits: 3, priceable: true }],
        totalCredits: 3,
      });
    let submitted: unknown;
    nock(BASE)
      .post("/api/submissions", (b) => {
        submitted = b;
        return true;
      })
      .reply(201, {
        submissionId: "99999999-2222-4333-8444-555555555555",
        status: "queued",
        assets: [],
      });
    const outcome = await runReviewPipeline({
      client: client(),
      files: files(),
      sidekickIds: ["s"],
      wait: false,
    });
    expect(outcome.status).toBe("submitted-no-wait");
    expect(stored).toEqual([`/_storage/${asset}/good.txt?sig=secret-signature-value`]);
    expect(outcome.skipped).toEqual([
      expect.objectContaining({
        reason: "upload-failed",
        message: expect.stringContaining("HTTP 415"),
      }),
    ]);
    expect(submitted).toEqual({ assets: [{ blobPath: `${asset}/good.txt` }], sidekickIds: ["s"] });
    expect(outcome.estimate?.files).toEqual([
      expect.objectContaining({ credits: 3, priceable: true }),
    ]);
    expect(JSON.stringify(outcome.skipped)).not.toContain("secret-signature-value");
  });

  it.each([401, 402])(
    "runReviewPipeline ends the run on HTTP %i instead of skipping every file",
    async (status) => {
      nock(BASE)
        .post("/api/uploads/url")
        .times(2)
        .reply(
          status,
          status === 401
            ? { detail: "Invalid API key" }
            : {
                error_code: "tier_not_authorized_for_integrations_api",
                message: "no",
                bucket: "upload",
              },
        );
      const outcome = await runReviewPipeline({
        client: client(),
        files: files(),
        sidekickIds: ["s"],
      });
      expect(outcome).toMatchObject({ status: "error", conclusion: "failure", skipped: [] });
      expect(outcome.error?.message).not.toContain(KEY);
    },
  );

  it("uploadFiles in the sandbox names each file by a fresh asset id, uploads nothing and says so", async () => {
    const sandbox = new ContentReviewClient({
      apiKey: `sk_test_${"cd".repeat(32)}`,
      baseUrl: BASE,
    });
    const seen: string[] = [];
    const result = await uploadFiles({
      client: sandbox,
      files: files(),
      concurrency: 2,
      events: {
        onUploadStart: (e) => seen.push(`start ${e.file.displayPath}`),
        onUploadDone: (a) => seen.push(`done ${a.file.displayPath}`),
        onSandboxAsset: (a) => seen.push(`sandbox ${a.file.displayPath}`),
      },
    });
    expect(seen.sort()).toEqual(["sandbox good.txt", "sandbox refused.txt"]);
    for (const asset of result.uploaded) {
      expect(asset.blobPath).toBe(`${asset.assetId}/${asset.filename}`);
      expect(asset.assetId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(stored).not.toContain(expect.stringContaining("good.txt"));
  });
  it.each([401, 402])(
    "runReviewPipeline starts no upload after HTTP %i and aborts the ones under way",
    async (status) => {
      // A loopback service that counts every request. Once three upload-URL requests are under
      // way, the first is refused; the other two hang until the client gives up on them.
      const requests: string[] = [];
      const hung: Promise<void>[] = [];
      let first: ServerResponse | undefined;
      const service = createServer((req, res) => {
        requests.push(`${req.method} ${req.url}`);
        if (first === undefined) first = res;
        else hung.push(new Promise((closed) => res.on("close", () => closed())));
        if (requests.length === 3) {
          first.writeHead(status, { "content-type": "application/json" });
          first.end(JSON.stringify({ detail: "Invalid API key" }));
        }
      });
      await new Promise<void>((r) => service.listen(0, "127.0.0.1", r));
      try {
        const names = Array.from({ length: 8 }, (_, i) => `f${i}.txt`);
        for (const name of names) await writeFile(join(dir, name), name);
        const outcome = await runReviewPipeline({
          client: new ContentReviewClient({
            apiKey: KEY,
            baseUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
            retry: { maxAttempts: 1 },
          }),
          files: names.map((name) => ({ path: join(dir, name), displayPath: name })),
          sidekickIds: ["s"],
          uploadConcurrency: 3,
        });
        expect(outcome).toMatchObject({ status: "error", skipped: [] });
        expect(outcome.error?.message).toContain(String(status));
        // The two uploads under way when the refusal came are cancelled, not left to finish.
        expect(hung).toHaveLength(2);
        await Promise.all(hung);
        await new Promise((r) => setImmediate(r));
        // Only the first three files were ever asked for: nothing started after the refusal.
        expect(requests).toEqual(Array(3).fill("POST /api/uploads/url"));
      } finally {
        service.closeAllConnections();
        await new Promise((r) => service.close(r));
      }
    },
  );
});
