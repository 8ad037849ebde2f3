import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAvi, makeMp4, makePdf, makePng, makeWav } from "../fixtures/media/make-media.ts";
import { type Harness, SIDEKICKS, startHarness } from "./emulator-harness.ts";

const CLAIMS =
  "Our serum is clinically proven and guaranteed.\nThe #1 choice of experts. Contact: jane@example.com";

describe("emulator live processing (parts 2, 3, 4.2 to 4.10)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ sizeLimits: { image: 2000 } });
  });
  afterAll(() => h.close());

  const submit = (assets: unknown[], key = h.emu.liveKey) =>
    h.call("POST", "/api/submissions", { key, body: { assets, sidekickIds: SIDEKICKS } });

  it("upload, estimate, submit, poll, issues and topics for a text file", async () => {
    const blobPath = await h.upload("claims.txt", "text/plain", Buffer.from(CLAIMS));
    const estimate = await h.call("POST", "/api/pricing/estimate", {
      body: { files: [{ blobPath }] },
    });
    expect(estimate.status).toBe(200);
    expect(estimate.body.files[0]).toMatchObject({ blobPath, priceable: true, credits: 1 });
    expect(estimate.body.totalCredits).toBe(1);

    const ledgerBefore = (await h.control("GET", "/_emulator/ledger")).body;
    const created = await submit([{ blobPath }]);
    expect(created.status).toBe(201);
    const done = await h.waitForSubmission(created.body.submissionId);
    expect(done.status).toBe("complete");
    const ledgerAfter = (await h.control("GET", "/_emulator/ledger")).body;
    expect(ledgerAfter.creditsCharged - ledgerBefore.creditsCharged).toBe(
      estimate.body.totalCredits,
    );

    const assetId = done.assets[0].assetId;
    const base = `/api/submissions/${created.body.submissionId}/assets/${assetId}`;
    const asset = await h.call("GET", base);
    expect(asset.body).toMatchObject({
      assetId,
      filename: "claims.txt",
      mimeType: "text/plain",
      status: "complete",
    });
    expect(asset.body.startedAt).not.toBeNull();
    expect(asset.body.completedAt).not.toBeNull();

    const issues = await h.call("GET", `${base}/issues`);
    const codes = issues.body.issues.map((i: { ruleCode: string }) => i.ruleCode).sort();
    expect(codes).toEqual([
      "CLAIM_CLINICAL",
      "CLAIM_GUARANTEE",
      "CLAIM_NUMBER_ONE",
      "PERSONAL_DATA_EMAIL",
    ]);
    const clinical = issues.body.issues.find(
      (i: { ruleCode: string }) => i.ruleCode === "CLAIM_CLINICAL",
    );
    expect(clinical.severity).toBe("critical");
    expect(clinical.precedents.length).toBeGreaterThan(0);
    expect(clinical.contributors[0].evidence[0].content.quote).toBe("clinically proven");
    expect(asset.body.issueCount).toBe(4);

    const topics = await h.call("GET", `${base}/topics`);
    expect(topics.body.topics).toHaveLength(1);
    expect(topics.body.topics[0].issueCount).toBe(3);
    expect(topics.body.orphanIssues.map((i: { ruleCode: string }) => i.ruleCode)).toEqual([
      "PERSONAL_DATA_EMAIL",
    ]);
  });

  it("an asset is found only under its own submission: under another one of the workspace it is 404", async () => {
    const one = await submit([
      { blobPath: await h.upload("one.txt", "text/plain", Buffer.from(CLAIMS)) },
    ]);
    const other = await submit([
      { blobPath: await h.upload("two.txt", "text/plain", Buffer.from(CLAIMS)) },
    ]);
    const done = await h.waitForSubmission(one.body.submissionId);
    await h.waitForSubmission(other.body.submissionId);
    const assetId = done.assets[0].assetId;
    for (const path of ["", "/issues", "/topics"]) {
      const own = await h.call(
        "GET",
        `/api/submissions/${one.body.submissionId}/assets/${assetId}${path}`,
      );
      expect(own.status).toBe(200);
      const elsewhere = await h.call(
        "GET",
        `/api/submissions/${other.body.submissionId}/assets/${assetId}${path}`,
      );
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.detail).toBe("Asset not found in this submission");
    }
  });

  it("the same file gives the same issues", async () => {
    const review = async (name: string) => {
      const blobPath = await h.upload(name, "text/plain", Buffer.from(CLAIMS));
      const sub = await submit([{ blobPath }]);
      const done = await h.waitForSubmission(sub.body.submissionId);
      const res = await h.call(
        "GET",
        `/api/submissions/${sub.body.submissionId}/assets/${done.assets[0].assetId}/issues`,
      );
      return res.body.issues.map((i: { ruleCode: string; severity: string; summary: string }) => [
        i.ruleCode,
        i.severity,
        i.summary,
      ]);
    };
    expect(await review("same-a.txt")).toEqual(await review("same-b.txt"));
  });

  it("reads PDF text per page and prices by page count", async () => {
    const pdf = await makePdf(["Risk-free for everyone", "Act now: limited time, guaranteed"]);
    const blobPath = await h.upload("brochure.pdf", "application/pdf", pdf);
    const estimate = await h.call("POST", "/api/pricing/estimate", {
      body: { files: [{ blobPath }] },
    });
    expect(estimate.body.files[0]).toMatchObject({
      priceable: true,
      credits: 2,
      metric: 2,
      assetType: "document",
    });
    const sub = await submit([{ blobPath }]);
    const done = await h.waitForSubmission(sub.body.submissionId);
    const issues = await h.call(
      "GET",
      `/api/submissions/${sub.body.submissionId}/assets/${done.assets[0].assetId}/issues`,
    );
    const byCode = Object.fromEntries(
      issues.body.issues.map((i: { ruleCode: string; anchor: { page: number } }) => [
        i.ruleCode,
        i.anchor.page,
      ]),
    );
    expect(byCode).toMatchObject({ CLAIM_RISK_FREE: 1, CLAIM_GUARANTEE: 2, URGENCY_PRESSURE: 2 });
  });

  it.each([
    ["spot.mp4", "video/mp4", makeMp4(75), 20, "MEDIA_VIDEO_LONG"],
    ["spot.mov", "video/quicktime", makeMp4(30, "qt  "), 10, undefined],
    ["jingle.wav", "audio/wav", makeWav(3), 2, "MEDIA_AUDIO_SAMPLE_RATE"],
    ["legacy.avi", "video/x-msvideo", makeAvi(10), 10, "MEDIA_VIDEO_CONTAINER"],
    ["banner.png", "image/png", makePng(300, 20), 3, "MEDIA_IMAGE_SMALL"],
  ])("measures %s (%s) and reviews its metadata", async (name, type, bytes, credits, rule) => {
    const blobPath = await h.upload(name, type, bytes);
    const estimate = await h.call("POST", "/api/pricing/estimate", {
      body: { files: [{ blobPath }] },
    });
    expect(estimate.body.files[0]).toMatchObject({ priceable: true, credits });
    const sub = await submit([{ blobPath }]);
    const done = await h.waitForSubmission(sub.body.submissionId);
    expect(done.status).toBe("complete");
    const issues = await h.call(
      "GET",
      `/api/submissions/${sub.body.submissionId}/assets/${done.assets[0].assetId}/issues`,
    );
    const codes = issues.body.issues.map((i: { ruleCode: string }) => i.ruleCode);
    if (rule) expect(codes).toContain(rule);
    else expect(codes).toEqual([]);
  });

  it("the estimate measures the bytes and ignores figures the client declares", async () => {
    const blobPath = await h.upload("declared.mp4", "video/mp4", makeMp4(75));
    const ledger = (await h.control("GET", "/_emulator/ledger")).body;
    const declared = await h.call("POST", "/api/pricing/estimate", {
      body: {
        files: [{ blobPath, durationSeconds: 1, pages: 500, credits: 0, mimeType: "text/plain" }],
      },
    });
    expect(declared.status).toBe(200);
    expect(declared.body.files[0]).toMatchObject({
      priceable: true,
      credits: 20,
      metric: 75,
      mimeType: "video/mp4",
    });
    expect(declared.body.totalCredits).toBe(20);
    expect((await h.control("GET", "/_emulator/ledger")).body).toEqual(ledger);
    const created = await submit([{ blobPath }]);
    expect(created.status).toBe(201);
    const charged = (await h.control("GET", "/_emulator/ledger")).body;
    expect(charged.creditsCharged - ledger.creditsCharged).toBe(20);
  });

  it("an unreadable PDF is unpriced (credits 0, excluded from the total)", async () => {
    const good = await h.upload("good.txt", "text/plain", Buffer.from("hello"));
    const bad = await h.upload(
      "broken.pdf",
      "application/pdf",
      Buffer.from("%PDF-1.4\nnot really a pdf"),
    );
    const estimate = await h.call("POST", "/api/pricing/estimate", {
      body: { files: [{ blobPath: good }, { blobPath: bad }] },
    });
    expect(estimate.body.files[1]).toMatchObject({ priceable: false, credits: 0 });
    expect(estimate.body.totalCredits).toBe(1);
    const ledger = (await h.control("GET", "/_emulator/ledger")).body;
    const again = await h.call("POST", "/api/pricing/estimate", {
      body: { files: [{ blobPath: good }] },
    });
    expect(again.body.totalCredits).toBe(1);
    expect((await h.control("GET", "/_emulator/ledger")).body).toEqual(ledger);
  });

  it("states: queued with startedAt null until review starts", async () => {
    await h.control("PUT", "/_emulator/processing", { seconds: 600 });
    try {
      const blobPath = await h.upload("slow.txt", "text/plain", Buffer.from("fine text"));
      const sub = await submit([{ blobPath }]);
      expect(sub.body.status).toBe("queued");
      const asset = await h.call(
        "GET",
        `/api/submissions/${sub.body.submissionId}/assets/${sub.body.assets[0].assetId}`,
      );
      expect(asset.body).toMatchObject({ status: "queued", startedAt: null, completedAt: null });
      const issues = await h.call(
        "GET",
        `/api/submissions/${sub.body.submissionId}/assets/${sub.body.assets[0].assetId}/issues`,
      );
      expect(issues.status).toBe(404);
    } finally {
      await h.control("PUT", "/_emulator/processing", { seconds: 0 });
    }
  });

  // The harness's emulator processes instantly (processingSeconds 0): the answer waits for the
  // review, but describes the submission as created and the asset as re-queued, as it does when
  // processing takes time; the first read after it sees the outcome.
  it("instant processing: the 201 and the retry's 202 say queued; the first read after them sees the outcome", async () => {
    const flaky = await h.upload("i__emulator_retryable__.txt", "text/plain", Buffer.from("x"));
    const sub = await submit([{ blobPath: flaky }]);
    expect(sub.body).toMatchObject({ status: "queued", assets: [{ status: "queued" }] });
    const path = `/api/submissions/${sub.body.submissionId}/assets/${sub.body.assets[0].assetId}`;
    expect((await h.call("GET", path)).body).toMatchObject({ status: "failed" });
    const retry = await h.call("POST", `${path}/retry`);
    expect(retry).toMatchObject({ status: 202, body: { status: "queued" } });
    expect((await h.call("GET", path)).body).toMatchObject({ status: "complete" });
  });

  it("partial when some assets fail; live retry of a retryable failure completes it", async () => {
    const ok = await h.upload("fine.txt", "text/plain", Buffer.from("fine"));
    const flaky = await h.upload(
      "flaky__emulator_retryable__.txt",
      "text/plain",
      Buffer.from("fine"),
    );
    const sub = await submit([{ blobPath: ok }, { blobPath: flaky }]);
    const done = await h.waitForSubmission(sub.body.submissionId);
    expect(done.status).toBe("partial");
    const failed = done.assets.find((a: { status: string }) => a.status === "failed");
    expect(failed).toMatchObject({ isRetryable: true, retryCount: 0 });
    expect(failed.errorMessage).toBeTypeOf("string");
    const asset = await h.call(
      "GET",
      `/api/submissions/${sub.body.submissionId}/assets/${failed.assetId}`,
    );
    expect(asset.body.completedAt).not.toBeNull();
    const retry = await h.call(
      "POST",
      `/api/submissions/${sub.body.submissionId}/assets/${failed.assetId}/retry`,
    );
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({
      submissionId: sub.body.submissionId,
      assetId: failed.assetId,
    });
    const after = await h.waitForSubmission(sub.body.submissionId);
    expect(after.status).toBe("complete");
    const again = await h.call(
      "POST",
      `/api/submissions/${sub.body.submissionId}/assets/${failed.assetId}/retry`,
    );
    expect(again.status).toBe(409);
  });

  it("a live retry re-queues the asset: startedAt and completedAt clear until it runs again", async () => {
    const flaky = await h.upload("q__emulator_retryable__.txt", "text/plain", Buffer.from("x"));
    const sub = await submit([{ blobPath: flaky }]);
    const done = await h.waitForSubmission(sub.body.submissionId);
    expect(done).toMatchObject({ status: "failed", isRetryable: true });
    const path = `/api/submissions/${sub.body.submissionId}/assets/${done.assets[0].assetId}`;
    const failed = await h.call("GET", path);
    expect(failed.body.startedAt).not.toBeNull();
    expect(failed.body.completedAt).not.toBeNull();
    await h.control("PUT", "/_emulator/processing", { seconds: 600 });
    try {
      expect((await h.call("POST", `${path}/retry`)).status).toBe(202);
      const queued = await h.call("GET", path);
      expect(queued.body).toMatchObject({ status: "queued", startedAt: null, completedAt: null });
      const submission = await h.call("GET", `/api/submissions/${sub.body.submissionId}`);
      expect(submission.body).toMatchObject({ status: "queued", completedAt: null });
      expect(submission.body.assets[0]).toMatchObject({ retryCount: 1, errorMessage: null });
    } finally {
      await h.control("PUT", "/_emulator/processing", { seconds: 0 });
    }
  });

  it("a non-retryable live failure fails the submission and refuses retry", async () => {
    const blobPath = await h.upload("bad__emulator_error__.txt", "text/plain", Buffer.from("x"));
    const sub = await submit([{ blobPath }]);
    const done = await h.waitForSubmission(sub.body.submissionId);
    expect(done).toMatchObject({ status: "failed", isRetryable: false });
    const retry = await h.call(
      "POST",
      `/api/submissions/${sub.body.submissionId}/assets/${done.assets[0].assetId}/retry`,
    );
    expect(retry.status).toBe(409);
  });

  it("502 when stored issue detail cannot be loaded", async () => {
    const blobPath = await h.upload(
      "x__emulator_corrupt_detail__.txt",
      "text/plain",
      Buffer.from("x"),
    );
    const sub = await submit([{ blobPath }]);
    const done = await h.waitForSubmission(sub.body.submissionId);
    const base = `/api/submissions/${sub.body.submissionId}/assets/${done.assets[0].assetId}`;
    expect((await h.call("GET", `${base}/issues`)).status).toBe(502);
    expect((await h.call("GET", `${base}/topics`)).status).toBe(502);
  });

  it("versions: the same filename submitted again becomes version 2 of one chain", async () => {
    const v1 = await h.upload("ad.txt", "text/plain", Buffer.from("version one"));
    const s1 = await submit([{ blobPath: v1 }]);
    const v2 = await h.upload("ad.txt", "text/plain", Buffer.from("version two, guaranteed"));
    const s2 = await submit([{ blobPath: v2 }]);
    await h.waitForSubmission(s2.body.submissionId);
    const versions = await h.call("GET", `/api/submissions/${s2.body.submissionId}/versions`);
    expect(versions.body.total).toBe(2);
    expect(
      versions.body.versions.map((v: { versionNumber: number; submissionId: string }) => [
        v.versionNumber,
        v.submissionId,
      ]),
    ).toEqual([
      [1, s1.body.submissionId],
      [2, s2.body.submissionId],
    ]);
    const a1 = await h.call(
      "GET",
      `/api/submissions/${s1.body.submissionId}/assets/${s1.body.assets[0].assetId}`,
    );
    const a2 = await h.call(
      "GET",
      `/api/submissions/${s2.body.submissionId}/assets/${s2.body.assets[0].assetId}`,
    );
    expect(a2.body.versionGroupId).toBe(a1.body.versionGroupId);
    expect(a2.body.versionNumber).toBe(2);
    const standalone = await h.upload("standalone-unique.txt", "text/plain", Buffer.from("x"));
    const s3 = await submit([{ blobPath: standalone }]);
    expect(
      (await h.call("GET", `/api/submissions/${s3.body.submissionId}/versions`)).body.total,
    ).toBe(1);
  });

  it.each([
    [
      "a blob path that is not {uuid}/{filename}",
      () => [{ blobPath: "nope" }],
      403,
      "Invalid blob path",
    ],
    [
      "a blob path never issued",
      () => [{ blobPath: "0b7c7d7e-0000-4000-8000-000000000000/a.txt" }],
      403,
      "Invalid blob path",
    ],
  ])("403 for %s", async (_name, assets, status, detail) => {
    const res = await submit(assets());
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
  });

  it("409 for a blob path submitted before; nothing charged twice", async () => {
    const blobPath = await h.upload("once.txt", "text/plain", Buffer.from("once"));
    expect((await submit([{ blobPath }])).status).toBe(201);
    const ledger = (await h.control("GET", "/_emulator/ledger")).body;
    const again = await submit([{ blobPath }]);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain(blobPath);
    expect((await h.control("GET", "/_emulator/ledger")).body).toEqual(ledger);
  });

  it("415 when the bytes do not match the declared type", async () => {
    const blobPath = await h.upload(
      "fake.png",
      "image/png",
      Buffer.from("this is text, not a PNG"),
    );
    const res = await submit([{ blobPath }]);
    expect(res.status).toBe(415);
    expect(res.body.detail).toContain("Unsupported content type");
  });

  it("413 when the bytes pass the category limit, stopping the upload", async () => {
    const url = await h.call("POST", "/api/uploads/url", {
      body: { filename: "big.png", contentType: "image/png" },
    });
    const put = await fetch(url.body.uploadUrl, {
      method: "PUT",
      headers: { "x-ms-blob-type": "BlockBlob" },
      body: Buffer.alloc(5000),
    });
    expect(put.status).toBe(413);
  });

  it("upload URL: 403 for a bad signature, 400 without x-ms-blob-type", async () => {
    const url = await h.call("POST", "/api/uploads/url", {
      body: { filename: "a.txt", contentType: "text/plain" },
    });
    const signed = new URL(url.body.uploadUrl);
    const sig = signed.searchParams.get("sig")!;
    signed.searchParams.set("sig", `${sig.slice(0, -1)}${sig.endsWith("0") ? "1" : "0"}`);
    const bad = await fetch(signed, {
      method: "PUT",
      headers: { "x-ms-blob-type": "BlockBlob" },
      body: "x",
    });
    expect(bad.status).toBe(403);
    const later = new URL(url.body.uploadUrl);
    later.searchParams.set("exp", String(Number(later.searchParams.get("exp")) + 1000));
    const extended = await fetch(later, {
      method: "PUT",
      headers: { "x-ms-blob-type": "BlockBlob" },
      body: "x",
    });
    expect(extended.status).toBe(403);
    const noHeader = await fetch(url.body.uploadUrl, { method: "PUT", body: "x" });
    expect(noHeader.status).toBe(400);
  });

  it("413 while streaming: a chunked upload stops once it passes the limit", async () => {
    const url = await h.call("POST", "/api/uploads/url", {
      body: { filename: "stream.png", contentType: "image/png" },
    });
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Without a Content-Length the server must count; stop offering bytes well past the limit.
        if (sent > 200_000) controller.close();
        else {
          sent += 1000;
          controller.enqueue(new Uint8Array(1000));
        }
      },
    });
    const put = await fetch(url.body.uploadUrl, {
      method: "PUT",
      headers: { "x-ms-blob-type": "BlockBlob" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(put.status).toBe(413);
    const submit413 = await submit([{ blobPath: url.body.blobPath }]);
    expect(submit413.status).toBe(403);
  });

  it.each([
    [{ filename: "a/b.txt", contentType: "text/plain" }, 403],
    [{ filename: "", contentType: "text/plain" }, 403],
    [{ filename: "a.exe", contentType: "application/x-msdownload" }, 415],
    [{ filename: "a.pdf", contentType: "video/mp4" }, 415],
    [{ filename: "a.txt" }, 422],
  ])("createUploadUrl %j gives %i", async (body, status) => {
    const res = await h.call("POST", "/api/uploads/url", { body });
    expect(res.status).toBe(status);
    if (status === 422)
      expect(res.body).toMatchObject({
        error: "validation_error",
        fields: [{ field: "contentType" }],
      });
  });
});

describe("emulator upload URL expiry", () => {
  it("403 once the presigned URL has expired", async () => {
    const h = await startHarness({ uploadUrlTtlSeconds: 0 });
    try {
      const url = await h.call("POST", "/api/uploads/url", {
        body: { filename: "a.txt", contentType: "text/plain" },
      });
      const put = await fetch(url.body.uploadUrl, {
        method: "PUT",
        headers: { "x-ms-blob-type": "BlockBlob" },
        body: "x",
      });
      expect(put.status).toBe(403);
      expect(await put.text()).toContain("expired");
    } finally {
      await h.close();
    }
  });
});
