/**
 * The npm package: `npm pack` holds only what runs (package.json `files`), the tarball installs
 * offline into an empty folder with nothing else (the bundles in dist/ carry their
 * dependencies), and each bin runs from there.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runProcess } from "../helpers/docs-shell.ts";

/** Node 24 first on PATH, as `#!/usr/bin/env node` would find it on a machine that has it. */
const PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ""}`;
/** A bare environment, as a fresh shell has: PATH, and the run's own folder for temporary files. */
const BARE_ENV = { PATH, TMPDIR: tmpdir() };

describe("the npm package", () => {
  let dir: string;
  let app: string;
  let packed: { path: string }[];
  // A beforeAll that runs out of time leaves its npm running: afterAll ends it (its whole group).
  const npmRuns = new AbortController();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "content-review-pack-"));
    // npm with a cache of its own in this run's folder, offline: another test's npm (a global
    // install of the tarball) never shares its cache, and nothing asks the registry. The
    // tarball brings everything the install needs, so the empty cache is enough.
    const npm = (args: string[], cwd: string) =>
      runProcess("npm", args, {
        cwd,
        env: {
          npm_config_cache: join(dir, "npm-cache"),
          npm_config_offline: "true",
          npm_config_update_notifier: "false",
        },
        signal: npmRuns.signal,
      });
    const pack = await npm(["pack", "--json", "--pack-destination", dir], ROOT);
    expect(pack.code, pack.stderr).toBe(0);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    packed = info!.files;
    app = join(dir, "app");
    await mkdir(app);
    await writeFile(join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
    const install = await npm(
      [
        "install",
        "--offline",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        join(dir, info!.filename),
      ],
      app,
    );
    expect(install.code, install.stderr).toBe(0);
  });
  afterAll(async () => {
    npmRuns.abort();
    await rm(dir, { recursive: true, force: true });
  });

  it("npm pack holds bin/, dist/, action.yml, templates/, openapi/, the README, docs and licence, and nothing else", () => {
    const paths = packed.map((f) => f.path);
    // The build's record of its inputs stays in the repository.
    expect(paths).not.toContain("dist/.inputs.json");
    for (const path of paths) {
      expect(path).toMatch(
        /^(bin\/|dist\/|templates\/|openapi\/|docs\/[^/]+\.md$|action\.yml$|README\.md$|LICENSE$|package\.json$)/,
      );
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        "bin/content-review.js",
        "bin/content-review-emulator.js",
        "bin/content-review-relay.js",
        "dist/index.js",
        "dist/cli/index.js",
        "dist/emulator/index.js",
        "dist/relay/index.js",
        "action.yml",
        "openapi/content-review.yaml",
        "docs/cli.md",
        "README.md",
        "LICENSE",
      ]),
    );
  });

  it("installs offline with nothing but itself: the bundles need no runtime dependency", async () => {
    expect((await readdir(join(app, "node_modules"))).filter((n) => !n.startsWith("."))).toEqual([
      "content-review-toolkit",
    ]);
  });

  it("content-review --help", async () => {
    const res = await runProcess(join(app, "node_modules/.bin/content-review"), ["--help"], {
      cwd: app,
      env: BARE_ENV,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Usage: content-review \[options\] \[command\]/);
  });

  it("content-review-emulator --help, then up to its start line, then SIGTERM", async () => {
    const bin = join(app, "node_modules/.bin/content-review-emulator");
    const help = await runProcess(bin, ["--help"], { cwd: app, env: { PATH } });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: content-review-emulator/);
    const child = spawn(bin, ["--port", "0"], { cwd: app, env: { ...process.env, PATH } });
    try {
      const [first] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
      expect(JSON.parse(first)).toMatchObject({
        baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      });
      const exit = once(child, "exit");
      child.kill("SIGTERM");
      expect((await exit)[0]).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("content-review-relay up to its start line, then SIGTERM", async () => {
    const child = spawn(join(app, "node_modules/.bin/content-review-relay"), [], {
      cwd: app,
      env: {
        PATH,
        PORT: "0",
        HOST: "127.0.0.1",
        WEBHOOK_SECRETS: `whsec_${Buffer.from("package-test-secret").toString("base64")}`,
        RELAY_TOKEN: "package-test-relay-token",
        STORE_URL: `sqlite:${join(dir, "relay.db")}`,
        LOG_LEVEL: "silent",
      },
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const [first] = (await once(lines, "line")) as [string];
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(first)?.[0];
      expect(first).toMatch(/content-review-relay/);
      // It serves (and so has its signal handlers) before it is asked to stop.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const exit = once(child, "exit");
      child.kill("SIGTERM");
      expect((await exit)[0]).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("the Action's dist/index.js loads and fails on its missing inputs, as a runner would show", async () => {
    const res = await runProcess(
      process.execPath,
      [join(app, "node_modules/content-review-toolkit/dist/index.js")],
      {
        cwd: app,
        env: BARE_ENV,
        inheritEnv: false,
      },
    );
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/::error::.*api-key/);
  });
});
