import { mkdir, mkdtemp, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { ContentReviewClient } from "../../src/api/index.ts";
import { type ReviewFile, runReviewPipeline } from "../../src/pipeline/index.ts";

let emu: EmulatorHandle;
let dir: string;
const FAST_POLL = { initialIntervalMs: 20, maxIntervalMs: 50 };

async function file(name: string, text: string): Promise<ReviewFile> {
  const path = join(dir, name);
  await writeFile(path, text);
  return { path, displayPath: `media/${name}` };
}

function client(key: "live" | "sandbox", requests?: string[]) {
  return new ContentReviewClient({
    apiKey: key === "live" ? emu.liveKey : emu.sandboxKey,
    baseUrl: emu.baseUrl,
    ...(requests ? { onRequest: (e) => requests.push(e.operation) } : {}),
  });
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, processingSeconds: 0 });
  dir = await mkdtemp(join(tmpdir(), "pipeline-"));
  await mkdir(join(dir, "sub"));
});

afterAll(async () => {
  await emu?.close();
});

describe("runReviewPipeline", () => {
  it("runReviewPipeline reviews live files with at most two result requests per asset", async () => {
    const requests: string[] = [];
    const files = [
      await file("claims.txt", "Clinically proven and guaranteed. Act now!"),
      await file("clean.txt", "A calm sentence."),
    ];
    const outcome = await runReviewPipeline({
      client: client("live", requests),
      files,
      sidekickIds: ["brand"],
      poll: FAST_POLL,
    });
    expect(outcome).toMatchObject({
      status: "completed",
      conclusion: "failure",
      submissionStatus: "complete",
    });
    expect(outcome.counts).toMatchObject({ critical: 1, major: 1, minor: 1 });
    expect(outcome.issueCount).toBe(3);
    expect(outcome.estimate?.totalCredits).toBe(2);
    const count = (op: string) => requests.filter((r) => r === op).length;
    expect(count("createUploadUrl")).toBe(2);
    expect(count("estimatePrice")).toBe(1);
    expect(count("createSubmission")).toBe(1);
    expect(count("listAssetTopics") + count("getAsset")).toBe(4);
    expect(count("listAssetIssues")).toBe(0);
    expect(outcome.reason).toBe("Review failed: 1 issue at or above critical.");
  });

  it.each([
    ["unsupported-type", "tool.exe", async (p: string) => writeFile(p, "MZ")],
    ["empty", "empty.txt", async (p: string) => writeFile(p, "")],
    [
      "too-large",
      "huge.txt",
      async (p: string) => {
        await writeFile(p, "");
        await truncate(p, 100_000_001);
      },
    ],
    ["symlink", "link.txt", async (p: string) => symlink(join(dir, "clean.txt"), p)],
  ] as const)(
    "runReviewPipeline skips a file with problem %s and reviews the others",
    async (reason, name, make) => {
      const path = join(dir, "sub", name);
      await make(path);
      const good = await file(`good-${reason}.txt`, "A calm sentence.");
      const outcome = await runReviewPipeline({
        client: client("live"),
        files: [{ path, displayPath: `sub/${name}` }, good],
        sidekickIds: ["brand"],
        poll: FAST_POLL,
      });
      expect(outcome.status).toBe("completed");
      expect(outcome.skipped).toEqual([
        expect.objectContaining({ reason, file: { path, displayPath: `sub/${name}` } }),
      ]);
      expect(outcome.skipped[0]!.message).not.toContain(dir);
      expect(outcome.assets.map((a) => a.file.displayPath)).toEqual([good.displayPath]);
    },
  );

  it("runReviewPipeline stops before submitting when over maxCredits", async () => {
    const before = (await (await fetch(`${emu.baseUrl}/_emulator/ledger`)).json()) as {
      submissions: number;
    };
    const outcome = await runReviewPipeline({
      client: client("live"),
      files: [await file("budget.txt", "Some text.")],
      sidekickIds: ["brand"],
      maxCredits: 0,
    });
    expect(outcome).toMatchObject({
      status: "budget-exceeded",
      conclusion: "action_required",
      submissionId: null,
    });
    expect(await (await fetch(`${emu.baseUrl}/_emulator/ledger`)).json()).toMatchObject({
      submissions: before.submissions,
    });
  });

  it("runReviewPipeline retries a retryable failure and reports the retry", async () => {
    const retries: number[] = [];
    const outcome = await runReviewPipeline({
      client: client("live"),
      files: [await file("once__emulator_retryable__.txt", "A calm sentence.")],
      sidekickIds: ["brand"],
      poll: FAST_POLL,
      events: { onRetry: (e) => retries.push(e.round) },
    });
    expect(retries).toEqual([1]);
    expect(outcome.assets[0]).toMatchObject({ status: "complete", retries: 1, failure: null });
    expect(outcome.conclusion).toBe("success");
  });

  it("runReviewPipeline skips found sandbox files without a marker with one event, and reviews the marked ones", async () => {
    const events: { paths: string[]; message: string }[] = [];
    const requests: string[] = [];
    const plain = { ...(await file("plain.txt", "x")), discovered: true };
    const marked = { ...(await file("ok__sandbox_pass__.txt", "y")), discovered: true };
    const outcome = await runReviewPipeline({
      client: client("sandbox", requests),
      files: [plain, marked],
      sidekickIds: ["brand"],
      poll: FAST_POLL,
      events: {
        onSandboxUnmarked: (e) =>
          events.push({ paths: e.skipped.map((s) => s.file.displayPath), message: e.message }),
      },
    });
    expect(outcome).toMatchObject({ status: "completed", conclusion: "success" });
    expect(outcome.assets.map((a) => a.file.displayPath)).toEqual(["media/ok__sandbox_pass__.txt"]);
    expect(outcome.skipped).toEqual([
      expect.objectContaining({ file: plain, reason: "no-sandbox-marker" }),
    ]);
    expect(events).toHaveLength(1);
    expect(events[0]!.paths).toEqual(["media/plain.txt"]);
    expect(events[0]!.message).toContain("__sandbox_retryable_error__");
  });

  it("runReviewPipeline keeps a sandbox file named explicitly, so that the service's 400 names it", async () => {
    const outcome = await runReviewPipeline({
      client: client("sandbox"),
      files: [await file("named.txt", "x"), await file("ok__sandbox_pass__.txt", "y")],
      sidekickIds: ["brand"],
      poll: FAST_POLL,
    });
    expect(outcome.status).toBe("error");
    expect(outcome.conclusion).toBe("failure");
    expect(outcome.reason).toContain('"named.txt" contains no sandbox marker');
  });

  it("runReviewPipeline has nothing to review when no found sandbox file has a marker", async () => {
    const outcome = await runReviewPipeline({
      client: client("sandbox"),
      files: [{ ...(await file("plain.txt", "x")), discovered: true }],
      sidekickIds: ["brand"],
      poll: FAST_POLL,
    });
    expect(outcome).toMatchObject({ status: "nothing-to-review", conclusion: "skipped" });
    expect(outcome.reason).toMatch(
      /^Nothing to review in the sandbox: 1 file has no sandbox marker/,
    );
  });

  it("runReviewPipeline ignores markers with a live key", async () => {
    const outcome = await runReviewPipeline({
      client: client("live"),
      files: [{ ...(await file("calm.txt", "A calm sentence.")), discovered: true }],
      sidekickIds: ["brand"],
      poll: FAST_POLL,
    });
    expect(outcome).toMatchObject({ status: "completed", skipped: [] });
  });

  it("runReviewPipeline fails the run for an asset that failed for good", async () => {
    const outcome = await runReviewPipeline({
      client: client("sandbox"),
      files: [await file("x__sandbox_error__.txt", "x"), await file("y__sandbox_pass__.txt", "y")],
      sidekickIds: ["brand"],
      retryFailed: 2,
      poll: FAST_POLL,
    });
    expect(outcome.conclusion).toBe("failure");
    expect(outcome.failedAssetCount).toBe(1);
    expect(outcome.assets.find((a) => a.status === "failed")?.failure).toMatchObject({
      errorMessage: "Sandbox simulated error",
      isRetryable: false,
    });
  });

  it.each([
    [false, "submitted-no-wait", "pending"],
    [true, "timed-out", "timed_out"],
  ] as const)(
    "runReviewPipeline with wait=%s on a pending asset ends %s",
    async (wait, status, conclusion) => {
      const outcome = await runReviewPipeline({
        client: client("sandbox"),
        files: [await file("p__sandbox_pending__.txt", "p")],
        sidekickIds: ["brand"],
        wait,
        timeoutMs: 60,
        poll: FAST_POLL,
      });
      expect(outcome).toMatchObject({ status, conclusion });
      expect(outcome.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it("runReviewPipeline after a timeout reports each asset's last status, without its results", async () => {
    const requests: string[] = [];
    const outcome = await runReviewPipeline({
      client: client("sandbox", requests),
      files: [await file("t__sandbox_pending__.txt", "p")],
      sidekickIds: ["brand"],
      timeoutMs: 60,
      poll: FAST_POLL,
    });
    expect(outcome.status).toBe("timed-out");
    expect(outcome.assets.map((a) => [a.file.displayPath, a.status, a.issues.length])).toEqual([
      ["media/t__sandbox_pending__.txt", outcome.lastSubmission?.assets[0]?.status, 0],
    ]);
    expect(requests.filter((r) => r === "listAssetTopics" || r === "getAsset")).toEqual([]);
  });

  it("runReviewPipeline ends cancelled when the signal aborts while waiting", async () => {
    const controller = new AbortController();
    const outcome = await runReviewPipeline({
      client: client("sandbox"),
      files: [await file("c__sandbox_pending__.txt", "p")],
      sidekickIds: ["brand"],
      signal: controller.signal,
      poll: FAST_POLL,
      events: { onPoll: () => controller.abort() },
    });
    expect(outcome).toMatchObject({ status: "cancelled", conclusion: "cancelled" });
  });

  it("runReviewPipeline keeps at most uploadConcurrency uploads in flight", async () => {
    const files = await Promise.all(
      Array.from({ length: 9 }, (_, i) => file(`c${i}.txt`, `Text number ${i}.`)),
    );
    let inFlight = 0;
    let most = 0;
    await runReviewPipeline({
      client: client("live"),
      files,
      sidekickIds: ["brand"],
      uploadConcurrency: 3,
      wait: false,
      events: {
        onUploadStart: () => {
          inFlight += 1;
          most = Math.max(most, inFlight);
        },
        onUploadDone: () => {
          inFlight -= 1;
        },
      },
    });
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
  });

  it("runReviewPipeline returns an error outcome, redacted, when the service refuses the key", async () => {
    const bad = new ContentReviewClient({
      apiKey: `sk_live_${"0".repeat(64)}`,
      baseUrl: emu.baseUrl,
    });
    const outcome = await runReviewPipeline({
      client: bad,
      files: [await file("k.txt", "x")],
      sidekickIds: ["brand"],
    });
    expect(outcome).toMatchObject({ status: "error", conclusion: "failure" });
    expect(outcome.error?.message).toContain("401");
    expect(outcome.error?.message).not.toContain("0".repeat(64));
  });

  it("runReviewPipeline reports nothing-to-review without any request", async () => {
    const requests: string[] = [];
    const outcome = await runReviewPipeline({
      client: client("live", requests),
      files: [],
      sidekickIds: ["b"],
    });
    expect(outcome).toMatchObject({ status: "nothing-to-review", conclusion: "skipped" });
    expect(requests).toEqual([]);
  });
});
