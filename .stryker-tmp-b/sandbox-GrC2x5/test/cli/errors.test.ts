// @ts-nocheck
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { controlPlane, envFor, runCli, tempDir } from "./cli-harness.ts";

const SUB = "0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e";

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("content-review errors: what was wrong, what to do, the right exit code, no secrets", () => {
  let emu: EmulatorHandle;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
  });
  afterAll(() => emu.close());

  it.each([
    [
      "no key",
      { CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:1" },
      /The API key is missing\. Set CONTENT_REVIEW_API_KEY/,
    ],
    [
      "no base URL",
      { CONTENT_REVIEW_API_KEY: `sk_live_${"a".repeat(64)}` },
      /The base URL is missing\. Set CONTENT_REVIEW_BASE_URL/,
    ],
    [
      "a base URL that is not http(s)",
      { CONTENT_REVIEW_API_KEY: `sk_live_${"a".repeat(64)}`, CONTENT_REVIEW_BASE_URL: "ftp://x" },
      /must be an http\(s\) URL/,
    ],
    [
      "a malformed key",
      {
        CONTENT_REVIEW_API_KEY: "sk_live_not-hex-secretvalue",
        CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:1",
      },
      /not followed by 64 hex characters/,
    ],
  ])("%s is a usage error (exit 2) before any request", async (_name, env, message) => {
    const res = await runCli(["status", SUB], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toContain("not-hex-secretvalue");
    expect(res.stderr.split("\n").filter(Boolean)).toHaveLength(1);
  });

  it("--api-key and --base-url override the environment", async () => {
    const res = await runCli(
      ["--api-key", emu.sandboxKey, "--base-url", emu.baseUrl, "status", SUB],
      {
        env: {
          CONTENT_REVIEW_API_KEY: "sk_test_wrongwrongwrong",
          CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:1",
        },
      },
    );
    // Reached the emulator with the flag's key: a 404 for an unknown submission.
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/HTTP 404: Submission not found/);
    expect(res.stderr).not.toContain(emu.sandboxKey);
  });

  it("a revoked key gives 3 with the service's reason and what to do; no stack without --debug", async () => {
    const ws = await controlPlane(emu.baseUrl, "POST", "/_emulator/workspaces", {});
    await controlPlane(emu.baseUrl, "POST", `/_emulator/keys/${ws.liveKey}/revoke`);
    const env = envFor(emu, ws.liveKey);
    const res = await runCli(["insights", "duration"], { env });
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/HTTP 401: This API key has been revoked\. Check the API key/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stderr).not.toContain(ws.liveKey);

    const debug = await runCli(["--debug", "insights", "duration"], { env });
    expect(debug.code).toBe(3);
    expect(debug.stderr).toMatch(
      /debug: GET http:\/\/127\.0\.0\.1:\d+\/api\/insights\/processing\/duration -> 401/,
    );
    expect(debug.stderr).toMatch(/\n\s+at /);
    expect(debug.stderr).not.toContain(ws.liveKey);
  });

  it("an unreachable service gives 3 after the attempts allowed", async () => {
    const port = await closedPort();
    const res = await runCli(["--max-attempts", "1", "insights", "duration"], {
      env: envFor({ baseUrl: `http://127.0.0.1:${port}` }, emu.liveKey),
    });
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/^content-review: .*getProcessingDurationInsight/);
  });

  it("review against an unreachable service gives 3 (not a usage error), naming each file", async () => {
    const port = await closedPort();
    const { writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const dir = await tempDir();
    await writeFile(join(dir.path, "a.txt"), "hello\n");
    const res = await runCli(["--max-attempts", "1", "review", "a.txt"], {
      env: envFor({ baseUrl: `http://127.0.0.1:${port}` }, emu.liveKey),
      cwd: dir.path,
    }).finally(dir.remove);
    expect(res.code).toBe(3);
    expect(res.stdout).toMatch(/a\.txt: Upload of a\.txt failed: .*could not reach the service/);
    expect(res.stdout).toMatch(/Check the base URL and the network/);
  });

  it("server errors are retried (shown as progress) before exit 3", async () => {
    await controlPlane(emu.baseUrl, "PUT", "/_emulator/faults", {
      rate: 1,
      kinds: ["500"],
      pathPattern: "^/api/insights",
      seed: 3,
    });
    try {
      const res = await runCli(["--max-attempts", "2", "insights", "duration"], {
        env: envFor(emu, emu.liveKey),
      });
      expect(res.code).toBe(3);
      expect(res.stderr).toMatch(/getProcessingDurationInsight: attempt 1 failed .*retrying in/);
      expect(res.stderr).toMatch(/HTTP 500/);
    } finally {
      await controlPlane(emu.baseUrl, "PUT", "/_emulator/faults", { rate: 0 });
    }
  });
});
