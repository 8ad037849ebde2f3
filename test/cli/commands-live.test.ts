import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { verifyWebhook } from "../../src/webhooks/index.ts";
import { type Receiver, startReceiver } from "../emulator/emulator-harness.ts";
import { controlPlane, envFor, FAST_POLL, runCli, tempDir } from "./cli-harness.ts";

const CLAIMS = "Clinically proven and guaranteed. The #1 choice. Act now!\n";

describe("content-review commands against the emulator with a live key", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let env: Record<string, string>;
  let receiver: Receiver;
  const run = (...argv: string[]) => runCli(argv, { env, cwd: dir.path });
  const control = (method: string, path: string, body?: unknown) =>
    controlPlane(emu.baseUrl, method, path, body);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0, allowInsecureWebhooks: true });
    dir = await tempDir();
    env = envFor(emu, emu.liveKey);
    receiver = await startReceiver();
    await writeFile(join(dir.path, "claims.txt"), CLAIMS);
    await writeFile(join(dir.path, "flaky__emulator_retryable__.txt"), "guaranteed\n");
  });
  afterAll(async () => {
    await receiver.close();
    await emu.close();
    await dir.remove();
  });

  it("upload -> estimate -> submit --wait -> status/asset/issues/topics/versions, --json shapes", async () => {
    const upload = await run("upload", "claims.txt", "--json");
    expect(upload.code).toBe(0);
    expect(upload.json.files).toHaveLength(1);
    const file = upload.json.files[0];
    expect(file).toMatchObject({
      path: "claims.txt",
      filename: "claims.txt",
      contentType: "text/plain",
      size: CLAIMS.length,
    });
    expect(file.blobPath).toBe(`${file.assetId}/claims.txt`);

    const estimate = await run("estimate", file.blobPath, "--json");
    expect(estimate.code).toBe(0);
    expect(estimate.json).toMatchObject({
      totalCredits: 1,
      files: [{ blobPath: file.blobPath, credits: 1, priceable: true }],
    });
    const estimateText = await run("estimate", file.blobPath);
    expect(estimateText.stdout).toContain("Total: 1 credit\n");

    const submit = await run(
      "submit",
      file.blobPath,
      "--tag",
      "campaign=spring",
      "--wait",
      ...FAST_POLL,
      "--json",
    );
    expect(submit.code).toBe(0);
    expect(submit.json.status).toBe("complete");
    expect(submit.json.assets).toEqual([
      expect.objectContaining({ assetId: file.assetId, status: "complete", issueCount: 4 }),
    ]);
    const sub = submit.json.submissionId as string;

    const status = await run("status", sub);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/status:\s+complete/);
    expect(status.stdout).toContain(file.assetId);

    const asset = await run("asset", sub, file.assetId, "--json");
    expect(asset.json).toMatchObject({
      assetId: file.assetId,
      submissionId: sub,
      filename: "claims.txt",
      issueCount: 4,
    });
    expect(asset.json.tags).toEqual([
      expect.objectContaining({ key: "campaign", value: "spring" }),
    ]);
    const assetText = await run("asset", sub, file.assetId);
    expect(assetText.stdout).toMatch(/tags:\s+campaign=spring/);

    const issues = await run("issues", sub, file.assetId, "--json");
    expect(issues.json.total).toBe(4);
    expect(issues.json.issues.map((i: { ruleCode: string }) => i.ruleCode).sort()).toEqual([
      "CLAIM_CLINICAL",
      "CLAIM_GUARANTEE",
      "CLAIM_NUMBER_ONE",
      "URGENCY_PRESSURE",
    ]);
    const issuesText = await run("issues", sub, file.assetId);
    // Most severe first, with counts.
    expect(issuesText.stdout.indexOf("CLAIM_CLINICAL")).toBeLessThan(
      issuesText.stdout.indexOf("URGENCY_PRESSURE"),
    );
    expect(issuesText.stdout).toContain("4 issues: 1 critical, 2 major, 1 minor");

    const topics = await run("topics", sub, file.assetId, "--json");
    expect(topics.json.metadata.totalTopics).toBe(topics.json.topics.length);
    expect(topics.json.topics[0].title).toBeTruthy();
    const topicsText = await run("topics", sub, file.assetId);
    expect(topicsText.stdout).toContain(topics.json.topics[0].title);
    expect(topicsText.stdout).toContain("Orphan issues");

    const versions = await run("versions", sub, "--json");
    expect(versions.json).toMatchObject({
      total: 1,
      versions: [{ versionNumber: 1, assetId: file.assetId }],
    });
    expect((await run("versions", sub)).stdout).toMatch(/VERSION\s+NAME/);
  });

  it("retry re-runs a retryable failed asset, then 409 gives exit 3 with what to do", async () => {
    const upload = await run("upload", "flaky__emulator_retryable__.txt", "--json");
    const { blobPath, assetId } = upload.json.files[0];
    const submit = await run("submit", blobPath, "--wait", ...FAST_POLL, "--json");
    expect(submit.json.status).toBe("failed");
    expect(submit.json.assets[0]).toMatchObject({ status: "failed", isRetryable: true });
    const sub = submit.json.submissionId as string;
    const failedText = await run("status", sub);
    expect(failedText.stdout).toMatch(/failed\s+-\s+true/);

    const retry = await run("retry", sub, assetId, "--wait", ...FAST_POLL, "--json");
    expect(retry.code).toBe(0);
    expect(retry.json.status).toBe("complete");

    const again = await run("retry", sub, assetId);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/HTTP 409/);
    expect(again.stderr).toMatch(/not retryable/);
    expect(again.stderr).not.toMatch(/\n\s+at /);
  });

  it("assets filters by tag over every page, or one page on request", async () => {
    const tag = await control("POST", "/_emulator/tags", {
      key: "channel",
      valuePolicy: "any",
      values: ["tv", "radio"],
    });
    const tv = tag.values.find((v: { value: string }) => v.value === "tv").valueId as string;
    const blobs: string[] = [];
    for (const name of ["a.txt", "b.txt", "c.txt"]) {
      await writeFile(join(dir.path, name), `${name} is plain.\n`);
      blobs.push((await run("upload", name, "--json")).json.files[0].blobPath);
    }
    const submit = await run("submit", ...blobs, "--tag", "channel=tv", "--json");
    expect(submit.code).toBe(0);

    const all = await run("assets", "--tag-value", tv, "--page-size", "2", "--json");
    expect(all.code).toBe(0);
    expect(all.json.pagination).toBeNull();
    expect(all.json.data).toHaveLength(3);
    const page = await run(
      "assets",
      "--tag-key",
      tag.keyId,
      "--page",
      "2",
      "--page-size",
      "2",
      "--json",
    );
    expect(page.json.pagination).toMatchObject({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(page.json.data).toHaveLength(1);
    const text = await run("assets", "--tag-key", tag.keyId, "--match", "all");
    expect(text.stdout).toContain("3 assets");
    expect(text.stdout).toContain("channel=tv");

    const none = await run("assets");
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--tag-key or --tag-value/);
  });

  it("webhooks create|list|get|update|deliveries|delete, the secret kept out of output unless asked", async () => {
    const create = await run(
      "webhooks",
      "create",
      "--url",
      receiver.url,
      "--description",
      "relay",
      "--secret-file",
      "secrets/relay.txt",
      "--json",
    );
    expect(create.code).toBe(0);
    expect(create.json).toMatchObject({
      endpointUrl: receiver.url,
      enabled: true,
      secretFile: "secrets/relay.txt",
    });
    expect(create.json.eventTypes.sort()).toEqual([
      "asset.processing.completed",
      "asset.processing.failed",
    ]);
    expect(create.json).not.toHaveProperty("secret");
    const { readFile, stat } = await import("node:fs/promises");
    const secret = (await readFile(join(dir.path, "secrets/relay.txt"), "utf8")).trim();
    expect(secret).toMatch(/^whsec_/);
    expect((await stat(join(dir.path, "secrets/relay.txt"))).mode & 0o777).toBe(0o600);
    expect(create.stdout).not.toContain(secret);
    const id = create.json.id as string;

    const noSecretChoice = await run("webhooks", "create", "--url", receiver.url);
    expect(noSecretChoice.code).toBe(2);
    expect(noSecretChoice.stderr).toMatch(/--secret-file FILE.*--show-secret/);
    const exists = await run(
      "webhooks",
      "create",
      "--url",
      receiver.url,
      "--secret-file",
      "secrets/relay.txt",
    );
    expect(exists.code).toBe(2);
    expect(exists.stderr).toMatch(/already exists, and nothing was created/);
    // A secret file that cannot be written is found before the secret is asked for.
    const unwritable = await run(
      "webhooks",
      "create",
      "--url",
      receiver.url,
      "--secret-file",
      "secrets/relay.txt/nested.txt",
    );
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toMatch(
      /Cannot write secrets\/relay\.txt\/nested\.txt: .*Nothing was created\./,
    );

    const list = await run("webhooks", "list", "--json");
    expect(list.json.data.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(JSON.stringify(list.json)).not.toContain(secret);
    expect((await run("webhooks", "get", id, "--json")).json).toMatchObject({
      id,
      description: "relay",
    });

    const disabled = await run("webhooks", "update", id, "--disable", "--json");
    expect(disabled.json.enabled).toBe(false);
    const moved = await run("webhooks", "update", id, "--url", `${receiver.url}/v2`, "--enable");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/enabled:\s+yes/);
    expect((await run("webhooks", "update", id)).code).toBe(2);

    // A completed live asset triggers a delivery to the subscription.
    await writeFile(join(dir.path, "hooked.txt"), "plain words\n");
    const blob = (await run("upload", "hooked.txt", "--json")).json.files[0].blobPath;
    await run("submit", blob, "--wait", ...FAST_POLL);
    await receiver.waitFor(1);
    // The secret kept in the file verifies the delivery, as the relay's WEBHOOK_SECRETS would.
    const delivery = receiver.received.at(-1)!;
    const verdict = verifyWebhook({
      scheme: "standard-webhooks",
      secrets: [secret],
      headers: delivery.headers,
      rawBody: delivery.body,
    });
    expect(verdict.ok).toBe(true);
    let deliveries = await run("webhooks", "deliveries", id, "--json");
    for (let i = 0; i < 100 && deliveries.json.data.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      deliveries = await run("webhooks", "deliveries", id, "--json");
    }
    expect(deliveries.json.data[0]).toMatchObject({
      subscriptionId: id,
      eventType: "asset.processing.completed",
      attempt: 1,
    });
    expect(deliveries.json.pagination.page).toBe(1);
    expect((await run("webhooks", "deliveries", id)).stdout).toContain(
      "asset.processing.completed",
    );

    const removed = await run("webhooks", "delete", id, "--json");
    expect(removed.json).toEqual({ id, deleted: true });
    const gone = await run("webhooks", "get", id);
    expect(gone.code).toBe(3);
    expect(gone.stderr).toMatch(/HTTP 404/);
  });

  it("webhooks create --show-secret prints the secret once, as asked", async () => {
    const shown = await run(
      "webhooks",
      "create",
      "--url",
      receiver.url,
      "--event",
      "asset.processing.failed",
      "--show-secret",
      "--json",
    );
    expect(shown.code).toBe(0);
    expect(shown.json.secret).toMatch(/^whsec_/);
    expect(shown.json.eventTypes).toEqual(["asset.processing.failed"]);
    expect(shown.json.secretFile).toBeNull();
  });

  it.each([
    ["comma-separated", ["--event", "asset.processing.completed,asset.processing.failed"]],
    ["repeated", ["--event", "asset.processing.completed", "--event", "asset.processing.failed"]],
  ])("webhooks create --event takes several types, %s", async (_name, flags) => {
    const res = await run(
      "webhooks",
      "create",
      "--url",
      receiver.url,
      ...flags,
      "--show-secret",
      "--json",
    );
    expect(res.code).toBe(0);
    expect(res.json.eventTypes).toEqual(["asset.processing.completed", "asset.processing.failed"]);
    const wrong = await run(
      "webhooks",
      "create",
      "--url",
      receiver.url,
      "--event",
      "asset.processing.completed,asset.done",
      "--show-secret",
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /"asset\.done" is not allowed\. Allowed: asset\.processing\.completed, asset\.processing\.failed/,
    );
    expect(wrong.stdout).toBe("");
  });

  it("insights time-saved|violation-rate|duration|top-violations read live figures", async () => {
    const saved = await run("insights", "time-saved", "--days", "7", "--baseline", "600", "--json");
    expect(saved.json).toMatchObject({ manualBaselineSeconds: 600 });
    expect(saved.json.assetCount).toBeGreaterThan(0);
    const rate = await run("insights", "violation-rate", "--days", "5", "--json");
    expect(rate.json).toHaveLength(5);
    expect(rate.json.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    const duration = await run("insights", "duration", "--json");
    expect(Object.keys(duration.json).sort()).toEqual([
      "avgSeconds",
      "p50Seconds",
      "p95Seconds",
      "sampleCount",
    ]);
    const top = await run("insights", "top-violations", "--limit", "2", "--json");
    expect(top.json).toHaveLength(2);
    expect(top.json[0]).toEqual({ ruleCode: "CLAIM_GUARANTEE", count: expect.any(Number) });
    const topText = await run("insights", "top-violations");
    expect(topText.stdout).toMatch(/RANK\s+RULE\s+ISSUES\n\s+1\s+CLAIM_GUARANTEE/);
  });

  it("sandbox fire with a live key is a usage error that names the fix", async () => {
    const res = await run(
      "sandbox",
      "fire",
      "--event",
      "asset.processing.completed",
      "--submission",
      "0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e",
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/sandbox key \(sk_test_/);
  });
});
