// @ts-nocheck
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { type Receiver, startReceiver } from "../emulator/emulator-harness.ts";
import { controlPlane, envFor, FAST_POLL, runCli, tempDir } from "./cli-harness.ts";

const MARKERS = [
  "__sandbox_pass__",
  "__sandbox_advisory__",
  "__sandbox_fail__",
  "__sandbox_error__",
  "__sandbox_retryable_error__",
  "__sandbox_pending__",
];

describe("content-review commands against the emulator with a sandbox key", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let env: Record<string, string>;
  let receiver: Receiver;
  const run = (...argv: string[]) => runCli(argv, { env, cwd: dir.path });
  const blob = (name: string) => `${randomUUID()}/${name}`;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0, allowInsecureWebhooks: true });
    dir = await tempDir();
    env = envFor(emu, emu.sandboxKey);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await emu.close();
    await dir.remove();
  });

  it.each([
    ["__sandbox_pass__", "complete", 0],
    ["__sandbox_advisory__", "complete", 2],
    ["__sandbox_fail__", "complete", 3],
    ["__sandbox_error__", "failed", null],
  ])("submit --wait %s ends %s", async (marker, status, issueCount) => {
    const res = await run("submit", blob(`spot${marker}.mp4`), "--wait", ...FAST_POLL, "--json");
    expect(res.code).toBe(0);
    expect(res.json.status).toBe(status);
    if (issueCount !== null) expect(res.json.assets[0].issueCount).toBe(issueCount);
    else
      expect(res.json.assets[0]).toMatchObject({
        isRetryable: false,
        errorMessage: "Sandbox simulated error",
      });
  });

  it("a filename without a marker fails with exit 3, naming the file and the six markers", async () => {
    const res = await run("submit", blob("plain-spot.mp4"));
    expect(res.code).toBe(3);
    expect(res.stderr).toContain("plain-spot.mp4");
    for (const marker of MARKERS) expect(res.stderr).toContain(marker);
    expect(res.stderr).not.toContain(emu.sandboxKey);
  });

  it("issues, topics and versions of a sandbox asset; retry succeeds once, then exit 3", async () => {
    const fail = await run(
      "submit",
      blob("ad__sandbox_fail__.png"),
      "--wait",
      ...FAST_POLL,
      "--json",
    );
    const sub = fail.json.submissionId as string;
    const asset = fail.json.assets[0].assetId as string;
    const issues = await run("issues", sub, asset, "--json");
    expect(issues.json.issues.map((i: { severity: string }) => i.severity).sort()).toEqual([
      "critical",
      "major",
      "major",
    ]);
    const topics = await run("topics", sub, asset, "--json");
    expect(
      topics.json.metadata.orphanIssueCount +
        topics.json.topics.reduce((n: number, t: { issueCount: number }) => n + t.issueCount, 0),
    ).toBe(3);
    expect((await run("versions", sub, "--json")).json.total).toBe(1);
    expect((await run("asset", sub, asset, "--json")).json.status).toBe("complete");

    const flaky = await run(
      "submit",
      blob("ad__sandbox_retryable_error__.png"),
      "--wait",
      ...FAST_POLL,
      "--json",
    );
    expect(flaky.json.assets[0]).toMatchObject({
      status: "failed",
      isRetryable: true,
      errorMessage: "Sandbox simulated retryable error",
    });
    const retry = await run(
      "retry",
      flaky.json.submissionId,
      flaky.json.assets[0].assetId,
      "--json",
    );
    expect(retry.code).toBe(0);
    expect(retry.json).toMatchObject({ assetId: flaky.json.assets[0].assetId });
    const status = await run("status", flaky.json.submissionId, "--wait", ...FAST_POLL, "--json");
    expect(status.json.status).toBe("complete");
    const second = await run("retry", flaky.json.submissionId, flaky.json.assets[0].assetId);
    expect(second.code).toBe(3);
    expect(second.stderr).toMatch(/409/);
  });

  it("status --wait on a pending submission gives up after --timeout with exit 3", async () => {
    const pending = await run("submit", blob("slow__sandbox_pending__.mp4"), "--json");
    const res = await run(
      "status",
      pending.json.submissionId,
      "--wait",
      "--timeout",
      "0.2",
      ...FAST_POLL,
    );
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/did not finish within .* Raise the timeout/);
  });

  it("submit --simulation-delay is accepted with a sandbox key", async () => {
    const res = await run(
      "submit",
      blob("x__sandbox_pass__.mp4"),
      "--simulation-delay",
      "0",
      "--json",
    );
    expect(res.code).toBe(0);
    expect(res.json.submissionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sandbox fire dispatches to subscriptions and reports how many", async () => {
    const create = await run(
      "webhooks",
      "create",
      "--url",
      receiver.url,
      "--secret-file",
      "hook.secret",
      "--json",
    );
    expect(create.code).toBe(0);
    const sub = await run(
      "submit",
      blob("a__sandbox_pass__.mp4"),
      blob("b__sandbox_fail__.mp4"),
      "--json",
    );
    const fired = await run(
      "sandbox",
      "fire",
      "--event",
      "asset.processing.failed",
      "--submission",
      sub.json.submissionId,
      "--error-message",
      "boom",
      "--json",
    );
    expect(fired.code).toBe(0);
    expect(fired.json).toEqual({ dispatched: 2 });
    await receiver.waitFor(2);
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    expect(
      bodies.filter((b) => b.type === "asset.processing.failed" && b.data.error_message === "boom"),
    ).toHaveLength(2);
    const text = await run(
      "sandbox",
      "fire",
      "--event",
      "asset.processing.completed",
      "--submission",
      sub.json.submissionId,
    );
    expect(text.stdout).toBe("Dispatched 2 events (asset.processing.completed).\n");
  });

  it("upload, estimate, assets, webhooks and insights also run with a sandbox key", async () => {
    const { writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    await writeFile(join(dir.path, "poster__sandbox_pass__.txt"), "hello\n");
    const upload = await run("upload", "poster__sandbox_pass__.txt", "--json");
    expect(upload.code).toBe(0);
    const { blobPath } = upload.json.files[0];
    const estimate = await run("estimate", blobPath, "--json");
    expect(estimate.code).toBe(0);
    expect(estimate.json.files).toHaveLength(1);

    const tag = await controlPlane(emu.baseUrl, "POST", "/_emulator/tags", {
      key: "sbx",
      valuePolicy: "none",
    });
    expect((await run("submit", blobPath, "--tag", "sbx", "--json")).code).toBe(0);
    const assets = await run("assets", "--tag-key", tag.keyId, "--json");
    expect(assets.json.data).toEqual([
      expect.objectContaining({ filename: "poster__sandbox_pass__.txt" }),
    ]);
    expect((await run("assets", "--tag-key", tag.keyId)).stdout).toMatch(/sbx\n/);

    const list = await run("webhooks", "list", "--json");
    expect(list.code).toBe(0);
    expect(list.json.pagination).toBeNull();

    // Sandbox submissions never count in insights (part 4.13).
    const duration = await run("insights", "duration", "--json");
    expect(duration.json.sampleCount).toBe(0);
    const report = await run("insights", "report", "--days", "3");
    expect(report.code).toBe(0);
    expect(report.stdout).toContain("No rule violations in this period.");
  });

  it("webhooks get|update|deliveries|delete with a sandbox key, --json shapes", async () => {
    const create = await run(
      "webhooks",
      "create",
      "--url",
      receiver.url,
      "--event",
      "asset.processing.completed",
      "--secret-file",
      "get-update.secret",
      "--json",
    );
    const id = create.json.id as string;
    const get = await run("webhooks", "get", id, "--json");
    expect(get.code).toBe(0);
    expect(get.json).toMatchObject({ id, eventTypes: ["asset.processing.completed"] });
    expect(get.json).not.toHaveProperty("secret");
    const update = await run("webhooks", "update", id, "--disable", "--json");
    expect(update.code).toBe(0);
    expect(update.json).toMatchObject({ id, enabled: false });
    const deliveries = await run("webhooks", "deliveries", id, "--json");
    expect(deliveries.code).toBe(0);
    expect(deliveries.json).toMatchObject({ data: [], pagination: { page: 1 } });
    expect((await run("webhooks", "delete", id, "--json")).json).toEqual({ id, deleted: true });
  });

  it.each([
    [
      "time-saved",
      ["--days", "7"],
      (json: unknown) => expect(json).toMatchObject({ assetCount: 0 }),
    ],
    ["violation-rate", ["--days", "3"], (json: unknown) => expect(json).toHaveLength(3)],
    ["top-violations", ["--limit", "5"], (json: unknown) => expect(json).toEqual([])],
  ])("insights %s with a sandbox key counts no sandbox submission", async (name, argv, check) => {
    const res = await run("insights", name, ...argv, "--json");
    expect(res.code).toBe(0);
    check(res.json);
  });

  it("submit --simulation-delay with a live key is a usage error before any request", async () => {
    const live = await runCli(["submit", blob("x.mp4"), "--simulation-delay", "3"], {
      env: envFor(emu, emu.liveKey),
      cwd: dir.path,
    });
    expect(live.code).toBe(2);
    expect(live.stderr).toMatch(/--simulation-delay works only with a sandbox key/);
  });
});
