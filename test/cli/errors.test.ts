import { writeFile } from "node:fs/promises";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
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
      "a key under a misspelt variable (named, its value never shown)",
      {
        CONTENT_REVIEW_API_KEYS: "sk_live_not-hex-secretvalue",
        CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:1",
      },
      /^content-review: warning: CONTENT_REVIEW_API_KEYS is set but not read \(ignored\): the CLI reads only CONTENT_REVIEW_API_KEY, CONTENT_REVIEW_BASE_URL, CONTENT_REVIEW_SIDEKICKS, .*\ncontent-review: The API key is missing\. Set CONTENT_REVIEW_API_KEY /,
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
    const lines = res.stderr.split("\n").filter((l) => l !== "" && !l.includes(": warning: "));
    expect(lines).toHaveLength(1);
  });

  it("every missing or invalid setting is named in one message, before any request (exit 2)", async () => {
    const res = await runCli(["review", "nowhere/"], {
      env: { CONTENT_REVIEW_BASE_URL: "https://review.example.com/api/" },
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(
      [
        "content-review: 3 settings need fixing; nothing was sent:",
        "  - No sidekick given: every submission names at least one reviewer. Pass --sidekick ID (repeatable) or set CONTENT_REVIEW_SIDEKICKS=id1,id2.",
        "  - The API key is missing. Set CONTENT_REVIEW_API_KEY (or pass --api-key) to a workspace API key (sk_live_... or sk_test_...).",
        '  - The base URL (CONTENT_REVIEW_BASE_URL) must not end in /api: every path of the service starts with /api already, so requests would go to …/api/api/… (use https://review.example.com) (got "https://review.example.com/api/"). Set CONTENT_REVIEW_BASE_URL (or pass --base-url) to the service address.',
        "",
      ].join("\n"),
    );
  });

  it("submit names a missing sidekick and a missing key in one message too", async () => {
    const res = await runCli(["submit", `${SUB}/a__sandbox_pass__.txt`], {
      env: { CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:1" },
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(
      /^content-review: 2 settings need fixing; nothing was sent:\n {2}- No sidekick given: .*\n {2}- The API key is missing\. /,
    );
  });

  it.each([
    [
      ["--output", "/proc/x/y"],
      /^content-review: Cannot write \/proc\/x\/y: its folder cannot be created there/,
    ],
    [
      ["--state", "/proc/x/y"],
      /^content-review: Cannot write \/proc\/x\/y: its folder cannot be created there/,
    ],
    [
      ["--output", `${"d/".repeat(2100)}r.xml`],
      /^content-review: Cannot write d\/d\/.*: the path is too long/,
    ],
  ])(
    "review with %s is one usage line (exit 2) before any upload, never a hang",
    async (argv, message) => {
      const dir = await tempDir();
      try {
        await writeFile(join(dir.path, "a.txt"), "A calm sentence.\n");
        const res = await runCli(["review", "a.txt", ...argv], {
          env: envFor(emu, emu.liveKey),
          cwd: dir.path,
        });
        expect(res.stderr).toMatch(message);
        expect(res.stderr.trim().split("\n")).toHaveLength(1);
        expect(res.code).toBe(2);
      } finally {
        await dir.remove();
      }
    },
    10_000,
  );

  it.each([
    [["--base-url", "http://127.0.0.1:1/api", "status", SUB], "--base-url"],
    [["review", "m.txt", "--sidekick", "x", "--base-url", "http://127.0.0.1:1/API/"], "--base-url"],
  ])("a base URL ending in /api is refused before any request: %j", async (argv, setting) => {
    const res = await runCli(argv, {
      env: { CONTENT_REVIEW_API_KEY: `sk_live_${"a".repeat(64)}` },
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`The base URL (${setting}) must not end in /api`);
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
    expect(res.stderr).toMatch(/HTTP 404: Submission not found\. Check the id/);
    // The service's own not-found: the base URL is right.
    expect(res.stderr).not.toContain("base URL");
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

  it("review against an unreachable service gives 3 and shows the failure once, claiming no counts", async () => {
    const port = await closedPort();
    const { writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const dir = await tempDir();
    await writeFile(join(dir.path, "a.txt"), "hello\n");
    await writeFile(join(dir.path, "b.txt"), "hello\n");
    const res = await runCli(["--max-attempts", "1", "review", "a.txt", "b.txt"], {
      env: envFor({ baseUrl: `http://127.0.0.1:${port}` }, emu.liveKey),
      cwd: dir.path,
    }).finally(dir.remove);
    expect(res.code).toBe(3);
    expect(res.stdout).toBe(`Not reviewed: could not reach http://127.0.0.1:${port}.\n`);
    // The detail and what to do: one line, not one per file, no "Skipped" block.
    expect(res.stderr.match(/could not reach the service/g)).toHaveLength(1);
    expect(res.stderr).toMatch(/^content-review: .*Check the base URL and the network\.$/m);
    expect(res.stdout + res.stderr).not.toMatch(/Skipped|None of the|Review failed|0 issues/);
  });

  it("review with a key the service refuses says so instead of claiming a failed review", async () => {
    const { writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const dir = await tempDir();
    await writeFile(join(dir.path, "a.txt"), "hello\n");
    const res = await runCli(["review", "a.txt"], {
      env: envFor(emu, `sk_live_${"a".repeat(64)}`),
      cwd: dir.path,
    }).finally(dir.remove);
    expect(res.code).toBe(3);
    expect(res.stdout).toBe("Not reviewed: the service refused the API key (401).\n");
    expect(res.stderr).toMatch(/^content-review: .*HTTP 401: Invalid API key\. Check the API key/m);
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

describe("content-review with a base URL that leads elsewhere (a website, a /v1 suffix)", () => {
  // Answers 404 to everything, as a website or a gateway without the service's routes does.
  let server: Server;
  let origin: string;
  const paths: string[] = [];
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      paths.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Page not found</h1>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const key = `sk_live_${"b".repeat(64)}`;
  const reviewEnv = { CONTENT_REVIEW_API_KEY: key, CONTENT_REVIEW_SIDEKICKS: "brand-safety" };
  const hint = (base: string, setting: string) =>
    `The base URL is probably wrong: the service always has POST /api/uploads/url, but ${base} answered 404 for it. Set ${setting} to the service's address, under which every path starts with /api (e.g. https://review.example.com)`;

  it("review: a 404 from createUploadUrl says the base URL is wrong and which variable to fix, once", async () => {
    const dir = await tempDir();
    await writeFile(join(dir.path, "a.txt"), "hello\n");
    await writeFile(join(dir.path, "b.txt"), "hello\n");
    const res = await runCli(["review", "a.txt", "b.txt"], {
      env: { ...reviewEnv, CONTENT_REVIEW_BASE_URL: `${origin}/v1` },
      cwd: dir.path,
    }).finally(dir.remove);
    expect(paths).toContain("POST /v1/api/uploads/url");
    expect(res.code).toBe(3);
    expect(res.stdout).toBe(
      "Not reviewed: the base URL answered 404 to createUploadUrl: it is probably not the service's address.\n",
    );
    expect(res.stderr).toContain(
      `content-review: createUploadUrl failed with HTTP 404. ${hint(`${origin}/v1`, "CONTENT_REVIEW_BASE_URL")}`,
    );
    // Every file would meet the same 404: the run ends once instead of skipping each file.
    expect(res.stderr.match(/probably wrong/g)).toHaveLength(1);
    expect(res.stdout + res.stderr).not.toMatch(/Check the id|Skipped|skipped/);
    expect(res.stderr).not.toContain(key);
  });

  it("review: with --base-url, the hint names the flag", async () => {
    const dir = await tempDir();
    await writeFile(join(dir.path, "a.txt"), "hello\n");
    const res = await runCli(["--base-url", origin, "review", "a.txt"], {
      env: { ...reviewEnv, CONTENT_REVIEW_BASE_URL: "http://127.0.0.1:1" },
      cwd: dir.path,
    }).finally(dir.remove);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain(hint(origin, "--base-url"));
  });

  it("status: a website's 404 for a submission id (not the service's error body) says the base URL is probably wrong, then the id", async () => {
    // The service answers an unknown id with {detail}; a page like this one is not the service.
    const res = await runCli(["status", SUB], {
      env: { CONTENT_REVIEW_API_KEY: key, CONTENT_REVIEW_BASE_URL: origin },
    });
    expect(paths).toContain(`GET /api/submissions/${SUB}`);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain(
      `getSubmission failed with HTTP 404. The base URL is probably wrong: ${origin} answered 404 for GET /api/submissions/{submissionId} without the service's error body`,
    );
    expect(res.stderr).toContain("if the address is right, check the id");
    expect(res.stderr).toContain("Set CONTENT_REVIEW_BASE_URL to the service's address");
    expect(res.stderr).not.toContain(key);
  });
});
