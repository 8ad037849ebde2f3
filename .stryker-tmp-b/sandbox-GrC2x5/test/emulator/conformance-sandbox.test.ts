// @ts-nocheck
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Harness, SIDEKICKS, startHarness } from "./emulator-harness.ts";

const MARKERS = [
  "__sandbox_pass__",
  "__sandbox_advisory__",
  "__sandbox_fail__",
  "__sandbox_error__",
  "__sandbox_retryable_error__",
  "__sandbox_pending__",
];

describe("emulator sandbox (parts 3.2 and 4.14)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const submit = (filenames: string[], query = "", key = h.emu.sandboxKey) =>
    h.call("POST", `/api/submissions${query}`, {
      key,
      body: {
        assets: filenames.map((f) => ({ blobPath: `${randomUUID()}/${f}` })),
        sidekickIds: SIDEKICKS,
      },
    });

  it.each([
    ["__sandbox_pass__", "complete", "complete", [], null, false],
    ["__sandbox_advisory__", "complete", "complete", ["minor", "info"], null, false],
    ["__sandbox_fail__", "complete", "complete", ["critical", "major", "major"], null, false],
    ["__sandbox_error__", "failed", "failed", null, "Sandbox simulated error", false],
    [
      "__sandbox_retryable_error__",
      "failed",
      "failed",
      null,
      "Sandbox simulated retryable error",
      true,
    ],
    ["__sandbox_pending__", "processing", "processing", null, null, null],
  ])(
    "%s gives asset %s, submission %s",
    async (marker, assetStatus, submissionStatus, severities, message, retryable) => {
      const created = await submit([`spot${marker}.mp4`]);
      expect(created.status).toBe(201);
      const sub = await h.call("GET", `/api/submissions/${created.body.submissionId}`, {
        key: h.emu.sandboxKey,
      });
      expect(sub.body.status).toBe(submissionStatus);
      const asset = sub.body.assets[0];
      expect(asset.status).toBe(assetStatus);
      const detail = await h.call(
        "GET",
        `/api/submissions/${sub.body.submissionId}/assets/${asset.assetId}`,
        {
          key: h.emu.sandboxKey,
        },
      );
      expect(detail.body.startedAt).not.toBeNull();
      if (assetStatus === "processing") {
        expect(detail.body.completedAt).toBeNull();
        const issues = await h.call(
          "GET",
          `/api/submissions/${sub.body.submissionId}/assets/${asset.assetId}/issues`,
          {
            key: h.emu.sandboxKey,
          },
        );
        expect(issues.status).toBe(404);
        return;
      }
      expect(detail.body.completedAt).not.toBeNull();
      if (message) {
        expect(asset.errorMessage).toBe(message);
        expect(asset.isRetryable).toBe(retryable);
        expect(sub.body.errorMessage).toBe(message);
        expect(sub.body.isRetryable).toBe(retryable);
      }
      if (severities) {
        const issues = await h.call(
          "GET",
          `/api/submissions/${sub.body.submissionId}/assets/${asset.assetId}/issues`,
          {
            key: h.emu.sandboxKey,
          },
        );
        expect(issues.status).toBe(200);
        expect(issues.body.issues.map((i: { severity: string }) => i.severity)).toEqual(severities);
        expect(issues.body.total).toBe(severities.length);
      }
    },
  );

  it("400 without a marker names the filename and lists all six markers", async () => {
    const res = await submit(["plain.mp4"]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("plain.mp4");
    for (const marker of MARKERS) expect(res.body.detail).toContain(marker);
  });

  it.each([
    [["__sandbox_pass__", "__sandbox_error__"], "failed", "Sandbox simulated error"],
    [["__sandbox_retryable_error__", "__sandbox_error__"], "failed", "Sandbox simulated error"],
    [
      ["__sandbox_fail__", "__sandbox_retryable_error__"],
      "failed",
      "Sandbox simulated retryable error",
    ],
    [["__sandbox_pass__", "__sandbox_advisory__", "__sandbox_fail__"], "complete", null],
    [["__sandbox_pending__", "__sandbox_pass__"], "complete", null],
    [["__sandbox_pending__", "__sandbox_pending__"], "processing", null],
  ])("mixed batch %j takes the worst outcome: %s", async (markers, status, message) => {
    const res = await submit(markers.map((m, i) => `a${i}${m}.png`));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe(status);
    expect(res.body.errorMessage ?? null).toBe(message);
    expect(res.body.assets).toHaveLength(markers.length);
  });

  it("retries a retryable error once, then 409; a plain error is 409", async () => {
    const res = await submit(["x__sandbox_retryable_error__.pdf", "y__sandbox_error__.pdf"]);
    const [retryable, plain] = res.body.assets;
    const base = `/api/submissions/${res.body.submissionId}/assets`;
    const first = await h.call("POST", `${base}/${retryable.assetId}/retry`, {
      key: h.emu.sandboxKey,
    });
    expect(first.status).toBe(202);
    const after = await h.call("GET", `/api/submissions/${res.body.submissionId}`, {
      key: h.emu.sandboxKey,
    });
    const recovered = after.body.assets.find(
      (a: { assetId: string }) => a.assetId === retryable.assetId,
    );
    expect(recovered).toMatchObject({ status: "complete", isRetryable: false, retryCount: 1 });
    expect(
      (await h.call("POST", `${base}/${retryable.assetId}/retry`, { key: h.emu.sandboxKey }))
        .status,
    ).toBe(409);
    expect(
      (await h.call("POST", `${base}/${plain.assetId}/retry`, { key: h.emu.sandboxKey })).status,
    ).toBe(409);
  });

  it("a retry moves startedAt and completedAt to the latest attempt", async () => {
    // Only Date is faked: the emulator runs in this process, its sockets on real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-01-02T03:04:05.000Z"));
      const res = await submit(["w__sandbox_retryable_error__.txt"]);
      const path = `/api/submissions/${res.body.submissionId}/assets/${res.body.assets[0].assetId}`;
      const failed = await h.call("GET", path, { key: h.emu.sandboxKey });
      expect(failed.body).toMatchObject({
        status: "failed",
        startedAt: "2026-01-02T03:04:05.000Z",
        completedAt: "2026-01-02T03:04:05.000Z",
      });
      vi.setSystemTime(new Date("2026-01-02T03:09:00.000Z"));
      await h.call("POST", `${path}/retry`, { key: h.emu.sandboxKey });
      const recovered = await h.call("GET", path, { key: h.emu.sandboxKey });
      expect(recovered.body).toMatchObject({
        status: "complete",
        startedAt: "2026-01-02T03:09:00.000Z",
        completedAt: "2026-01-02T03:09:00.000Z",
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a retried single retryable asset makes the submission complete with isRetryable false", async () => {
    const res = await submit(["z__sandbox_retryable_error__.txt"]);
    const assetId = res.body.assets[0].assetId;
    await h.call("POST", `/api/submissions/${res.body.submissionId}/assets/${assetId}/retry`, {
      key: h.emu.sandboxKey,
    });
    const after = await h.call("GET", `/api/submissions/${res.body.submissionId}`, {
      key: h.emu.sandboxKey,
    });
    expect(after.body).toMatchObject({ status: "complete", isRetryable: false });
  });

  it("simulationDelaySeconds holds the outcome back; 400 with a live key; 422 out of range", async () => {
    const delayed = await submit(["d__sandbox_fail__.mp4"], "?simulationDelaySeconds=30");
    expect(delayed.status).toBe(201);
    expect(delayed.body.status).toBe("processing");
    expect(delayed.body.assets[0].status).toBe("processing");
    const live = await h.call("POST", "/api/submissions?simulationDelaySeconds=1", {
      body: { assets: [{ blobPath: `${randomUUID()}/a.mp4` }], sidekickIds: SIDEKICKS },
    });
    expect(live.status).toBe(400);
    expect((await submit(["e__sandbox_pass__.mp4"], "?simulationDelaySeconds=31")).status).toBe(
      422,
    );
  });

  it("simulationDelaySeconds reaches the terminal state after the delay", async () => {
    const delayed = await submit(["late__sandbox_pass__.mp4"], "?simulationDelaySeconds=1");
    const done = await h.waitForSubmission(delayed.body.submissionId, h.emu.sandboxKey);
    expect(done.status).toBe("complete");
  });

  it("fail marker: the two major issues form a topic, the critical one is an orphan", async () => {
    const res = await submit(["t__sandbox_fail__.mp4"]);
    const topics = await h.call(
      "GET",
      `/api/submissions/${res.body.submissionId}/assets/${res.body.assets[0].assetId}/topics`,
      { key: h.emu.sandboxKey },
    );
    expect(topics.status).toBe(200);
    expect(topics.body.topics).toHaveLength(1);
    expect(topics.body.topics[0].issues.map((i: { severity: string }) => i.severity)).toEqual([
      "major",
      "major",
    ]);
    expect(topics.body.orphanIssues.map((i: { severity: string }) => i.severity)).toEqual([
      "critical",
    ]);
    expect(topics.body.metadata).toEqual({ totalTopics: 1, orphanIssueCount: 1 });
  });

  it("charges no credits for sandbox submissions", async () => {
    const before = (await h.control("GET", "/_emulator/ledger")).body;
    await submit(["c__sandbox_pass__.mp4"]);
    const after = (await h.control("GET", "/_emulator/ledger")).body;
    expect(after.submissions).toBe(before.submissions + 1);
    expect(after.creditsCharged).toBe(before.creditsCharged);
  });
});
