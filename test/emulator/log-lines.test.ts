import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator/index.ts";

describe("emulator log lines", () => {
  it.each([
    [1, "1 asset, 0 credits"],
    [2, "2 assets, 0 credits"],
  ])("a submission of %i is logged with its noun in the right number", async (count, words) => {
    const lines: string[] = [];
    const emu = await startEmulator({ port: 0, log: (line) => lines.push(line) });
    try {
      const assets = Array.from({ length: count }, () => ({
        blobPath: `${randomUUID()}/spot__sandbox_pass__.mp4`,
      }));
      const res = await fetch(`${emu.baseUrl}/api/submissions`, {
        method: "POST",
        headers: { "X-API-Key": emu.sandboxKey, "content-type": "application/json" },
        body: JSON.stringify({ assets, sidekickIds: ["brand-safety"] }),
      });
      expect(res.status).toBe(201);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`\\(sandbox, ${words}\\)$`)));
    } finally {
      await emu.close();
    }
  });
});
