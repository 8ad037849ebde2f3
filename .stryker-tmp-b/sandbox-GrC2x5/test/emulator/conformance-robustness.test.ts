// @ts-nocheck
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIDEKICKS, startHarness } from "./emulator-harness.ts";

describe("emulator robustness: odd requests never crash it or give a 500", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    fetch(`${h.emu.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });

  it("concurrent submissions of one blob: one 201, the rest 409, charged once", async () => {
    const blobPath = await h.upload("race.txt", "text/plain", Buffer.from("guaranteed"));
    const before = (await h.control("GET", "/_emulator/ledger")).body;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        h.call("POST", "/api/submissions", {
          body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const after = (await h.control("GET", "/_emulator/ledger")).body;
    expect(after.submissions - before.submissions).toBe(1);
    expect(after.assets - before.assets).toBe(1);
    expect(after.creditsCharged - before.creditsCharged).toBe(1);
  });

  it("a rejected batch releases its blobs: they can be submitted afterwards", async () => {
    const good = await h.upload("later.txt", "text/plain", Buffer.from("fine"));
    const rejected = await h.call("POST", "/api/submissions", {
      body: { assets: [{ blobPath: good }, { blobPath: "nope" }], sidekickIds: SIDEKICKS },
    });
    expect(rejected.status).toBe(403);
    const accepted = await h.call("POST", "/api/submissions", {
      body: { assets: [{ blobPath: good }], sidekickIds: SIDEKICKS },
    });
    expect(accepted.status).toBe(201);
  });

  it("concurrent PUTs to one upload URL all succeed (last one wins)", async () => {
    const url = await h.call("POST", "/api/uploads/url", {
      body: { filename: "twice.txt", contentType: "text/plain" },
    });
    const puts = await Promise.all(
      ["a", "b", "c", "d"].map((c) =>
        fetch(url.body.uploadUrl, {
          method: "PUT",
          headers: { "x-ms-blob-type": "BlockBlob" },
          body: c.repeat(50_000),
        }),
      ),
    );
    expect(puts.map((p) => p.status)).toEqual([201, 201, 201, 201]);
    const estimate = await h.call("POST", "/api/pricing/estimate", {
      body: { files: [{ blobPath: url.body.blobPath }] },
    });
    expect(estimate.body.files[0]).toMatchObject({ priceable: true, metric: 50_000 });
  });

  it("authentication comes before body parsing: malformed JSON without a key is 401", async () => {
    const res = await raw("POST", "/api/submissions", { "content-type": "application/json" }, "{");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Missing X-API-Key header" });
  });

  it("an operation without a request body ignores a malformed one", async () => {
    const created = await h.call("POST", "/api/submissions", {
      key: h.emu.sandboxKey,
      body: {
        assets: [{ blobPath: `${randomUUID()}/r__sandbox_retryable_error__.mp4` }],
        sidekickIds: SIDEKICKS,
      },
    });
    const path = `/api/submissions/${created.body.submissionId}/assets/${created.body.assets[0].assetId}/retry`;
    const res = await h.call("POST", path, { key: h.emu.sandboxKey, body: "{not json" });
    expect(res.status).toBe(202);
  });

  it.each([
    ["gzip", "not gzip"],
    ["deflate", "not deflate"],
    ["br", "not brotli"],
    ["bogus", "{}"],
  ])("a body with content-encoding %s that cannot be read is a 422", async (encoding, body) => {
    const res = await raw(
      "POST",
      "/api/submissions",
      {
        "X-API-Key": h.emu.liveKey,
        "content-type": "application/json",
        "content-encoding": encoding,
      },
      body,
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: "validation_error",
      fields: [{ field: "body" }],
    });
  });

  it.each(["/api/submissions/%E0%A4%A", `/api/submissions/${randomUUID()}/assets/%ZZ`])(
    "a path that is not valid percent-encoding (%s) is a 422",
    async (path) => {
      const res = await raw("GET", path, { "X-API-Key": h.emu.liveKey });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { detail: { loc: unknown[] }[] };
      expect(body.detail[0]).toMatchObject({ loc: ["path"] });
    },
  );

  it.each([
    ["a parent segment in the filename", `${randomUUID()}/../x__sandbox_pass__.mp4`, 403],
    ["a parent segment before the id", `../${randomUUID()}/x__sandbox_pass__.mp4`, 403],
    ["a filename that is ..", `${randomUUID()}/..`, 403],
    ["a backslash", `${randomUUID()}/..\\x__sandbox_pass__.mp4`, 403],
    ["a NUL byte", `${randomUUID()}/x\u0000__sandbox_pass__.mp4`, 403],
    ["a unicode filename", `${randomUUID()}/été 📺 #1?__sandbox_pass__.mp4`, 201],
  ])("sandbox blobPath with %s gives %i", async (_name, blobPath, status) => {
    const res = await h.call("POST", "/api/submissions", {
      key: h.emu.sandboxKey,
      body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
    });
    expect(res.status).toBe(status);
  });

  it("a unicode filename uploads, prices and reviews over its presigned URL", async () => {
    const blobPath = await h.upload("été 📺 #1?.txt", "text/plain", Buffer.from("guaranteed"));
    expect(blobPath.endsWith("/été 📺 #1?.txt")).toBe(true);
    const created = await h.call("POST", "/api/submissions", {
      body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
    });
    expect(created.status).toBe(201);
    const done = await h.waitForSubmission(created.body.submissionId);
    expect(done.status).toBe("complete");
  });

  it.each([
    ["a path traversal filename", { filename: "../../etc/passwd.txt", contentType: "text/plain" }],
    ["a Windows path", { filename: "C:\\x.txt", contentType: "text/plain" }],
    ["a control character", { filename: "a\nb.txt", contentType: "text/plain" }],
    ["a 256-character name", { filename: `${"a".repeat(252)}.txt`, contentType: "text/plain" }],
  ])("createUploadUrl rejects %s with 403", async (_name, body) => {
    const res = await h.call("POST", "/api/uploads/url", { body });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/^Invalid filename/);
  });

  it.each([
    [`page=9007199254740991&pageSize=100`, 200],
    [`page=99999999999999999999`, 422],
    [`page=1e3`, 422],
    [`pageSize=-1`, 422],
    [`page=1&page=2&pageSize=1&pageSize=2`, 200],
    [`tagMatch=any&tagMatch=all`, 200],
    [`tagKeyIds=`, 422],
    [`tagKeyIds[]=${randomUUID()}`, 200],
  ])("GET /api/assets with odd query %s gives %i", async (query, status) => {
    const res = await h.call("GET", `/api/assets?tagKeyIds=${randomUUID()}&${query}`);
    expect(res.status).toBe(status);
  });

  it("a client that disconnects mid-upload leaves the emulator serving", async () => {
    const url = await h.call("POST", "/api/uploads/url", {
      body: { filename: "cut.txt", contentType: "text/plain" },
    });
    const target = new URL(url.body.uploadUrl);
    await new Promise<void>((resolve) => {
      const req = request(target, {
        method: "PUT",
        headers: { "x-ms-blob-type": "BlockBlob", "content-length": "100000" },
      });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      // A tenth of the announced bytes, then the connection drops.
      req.write(Buffer.alloc(10_000), () => req.destroy());
    });
    // The upload never completed: the blob is not submittable yet; the URL still works.
    const submit = await h.call("POST", "/api/submissions", {
      body: { assets: [{ blobPath: url.body.blobPath }], sidekickIds: SIDEKICKS },
    });
    expect(submit.status).toBe(403);
    const put = await fetch(url.body.uploadUrl, {
      method: "PUT",
      headers: { "x-ms-blob-type": "BlockBlob" },
      body: "whole",
    });
    expect(put.status).toBe(201);
  });
});
