// @ts-nocheck
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
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
          "githubApiUrl",
          "liveKey",
          "sandboxKey",
          "slackApiUrl",
          "workspaceId",
        ]);
        expect(info.slackApiUrl).toBe(`${info.baseUrl}/_emulator/slack/api/`);
        expect(info.githubApiUrl).toBe(`${info.baseUrl}/_emulator/github`);
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

  it("keeps serving when the reader of stdout goes away (EPIPE on log lines)", async () => {
    const child = spawn(process.execPath, [BIN, "--port", "0", "--processing-seconds", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const lines = createInterface({ input: child.stdout! });
      const [first] = (await once(lines, "line")) as [string];
      const info = JSON.parse(first);
      // Like `content-review-emulator | head -1`: the pipe closes after the first line.
      lines.close();
      child.stdout!.destroy();
      const headers = { "X-API-Key": info.sandboxKey, "content-type": "application/json" };
      for (let i = 0; i < 5; i++) {
        // Each submission writes a log line to the closed pipe.
        const res = await fetch(`${info.baseUrl}/api/submissions`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            assets: [{ blobPath: `${randomUUID()}/a__sandbox_pass__.mp4` }],
            sidekickIds: ["x"],
          }),
        });
        expect(res.status).toBe(201);
      }
      expect(child.exitCode).toBeNull();
      const exit = once(child, "exit");
      child.kill("SIGTERM");
      const [code] = (await exit) as [number | null];
      expect(code).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });

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
