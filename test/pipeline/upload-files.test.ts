import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ContentReviewClient } from "../../src/api/index.ts";
import { runReviewPipeline } from "../../src/pipeline/index.ts";

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
});
