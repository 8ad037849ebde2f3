// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendOversized } from "../helpers/oversized-sender.ts";
import { type Harness, SIDEKICKS, startHarness } from "./emulator-harness.ts";

const LIMIT = 1024 * 1024;
const BODY = Math.round(1.1 * 1024 * 1024);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sizeLimits: { image: LIMIT } });
});
afterAll(async () => {
  await h.close();
});

async function newUploadUrl(filename: string): Promise<{ uploadUrl: string; blobPath: string }> {
  const res = await h.call("POST", "/api/uploads/url", {
    body: { filename, contentType: "image/png" },
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe("storage PUT lingering close", () => {
  it.each([
    { name: "a declared Content-Length", declareLength: true },
    { name: "a chunked body", declareLength: false },
  ])(
    "lets an uploader still writing 1.1 MiB over a 1 MiB limit read its 413 ($name)",
    async ({ declareLength }) => {
      const { uploadUrl, blobPath } = await newUploadUrl(`big-${declareLength}.png`);
      const result = await sendOversized({
        url: uploadUrl,
        method: "PUT",
        bytes: BODY,
        declareLength,
        headers: { "x-ms-blob-type": "BlockBlob", "content-type": "image/png" },
      });
      expect(result).toMatchObject({ status: 413, error: null });
      expect(JSON.parse(result.body).detail).toContain(`at most ${LIMIT} bytes`);
      expect(result.written).toBe(BODY);
      // Nothing of the refused upload was kept.
      const submit = await h.call("POST", "/api/submissions", {
        body: { assets: [{ blobPath }], sidekickIds: SIDEKICKS },
      });
      expect(submit.status).toBe(403);
    },
  );

  it("lets an uploader still writing read a 403 for an expired URL", async () => {
    const { uploadUrl } = await newUploadUrl("expired.png");
    const late = new URL(uploadUrl);
    late.searchParams.set("sig", "0".repeat(late.searchParams.get("sig")?.length ?? 10));
    const result = await sendOversized({
      url: late.toString(),
      method: "PUT",
      bytes: BODY,
      headers: { "x-ms-blob-type": "BlockBlob" },
    });
    expect(result).toMatchObject({ status: 403, error: null });
  });
});
