import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../emulator/bin.ts", import.meta.url));

describe("emulator bin", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "prints the JSON line first, serves, and stops on %s",
    async (signal) => {
      const child = spawn(process.execPath, [BIN, "--port", "0", "--processing-seconds", "0"], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      try {
        const lines = createInterface({ input: child.stdout! });
        const [first] = (await once(lines, "line")) as [string];
        const info = JSON.parse(first);
        expect(Object.keys(info).sort()).toEqual([
          "baseUrl",
          "liveKey",
          "sandboxKey",
          "workspaceId",
        ]);
        expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(info.liveKey).toMatch(/^sk_live_[0-9a-f]{64}$/);
        expect(info.sandboxKey).toMatch(/^sk_test_/);
        const res = await fetch(`${info.baseUrl}/api/insights/processing/duration`, {
          headers: { "X-API-Key": info.liveKey },
        });
        expect(res.status).toBe(200);
        const exit = once(child, "exit");
        child.kill(signal);
        const [code] = (await exit) as [number | null];
        expect(code).toBe(0);
      } finally {
        child.kill("SIGKILL");
      }
    },
  );

  it("rejects an unknown flag with usage and exit code 2", async () => {
    const child = spawn(process.execPath, [BIN, "--bogus"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: content-review-emulator");
  });
});
