// @ts-nocheck
import { spawn } from "node:child_process";
import { chmod, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { type FakeSlack, startFakeSlack } from "../fakes/fake-slack.ts";
import { envFor, FAST_POLL, runCli, tempDir } from "./cli-harness.ts";

const TEMPLATE = fileURLToPath(
  new URL("../../templates/workflows/content-review-insights.yml", import.meta.url),
);
// What an install puts on PATH: the package's bin, which runs the bundled CLI (dist/cli).
const BIN = fileURLToPath(new URL("../../bin/content-review.js", import.meta.url));

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

function runBash(
  script: string,
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("templates/workflows/content-review-insights.yml", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let slack: FakeSlack;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed workflow
  let workflow: any;
  let reportStep: Step;

  beforeAll(async () => {
    workflow = parse(await readFile(TEMPLATE, "utf8"));
    reportStep = (workflow.jobs.insights.steps as Step[]).find((s) =>
      s.run?.includes("insights report"),
    )!;
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
    dir = await tempDir();
    slack = await startFakeSlack({ token: "xoxb-template-test" });
    // A `content-review` on PATH that runs this checkout's CLI, as the install step would.
    await writeFile(
      join(dir.path, "content-review"),
      `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
    );
    await chmod(join(dir.path, "content-review"), 0o755);
    await writeFile(join(dir.path, "ad.txt"), "Guaranteed results!\n");
    const review = await runCli(["review", "ad.txt", "--fail-on", "never", ...FAST_POLL], {
      env: envFor(emu, emu.liveKey),
      cwd: dir.path,
    });
    expect(review.code).toBe(0);
  });
  afterAll(async () => {
    await slack.close();
    await emu.close();
    await dir.remove();
  });

  it("runs weekly, can be started by hand, and reads only", () => {
    expect(workflow.on.schedule[0].cron).toMatch(/^\S+ \S+ \* \* [0-6]$/);
    expect(workflow.on).toHaveProperty("workflow_dispatch");
    expect(workflow.permissions).toEqual({ contents: "read" });
    // GitHub expressions, not JavaScript placeholders.
    const expression = (inner: string) => `\${{ ${inner} }}`;
    expect(workflow.jobs.insights.env.CONTENT_REVIEW_API_KEY).toBe(
      expression("secrets.CONTENT_REVIEW_API_KEY"),
    );
    expect(workflow.jobs.insights.env.SLACK_ENABLED).toBe(expression("secrets.SLACK_TOKEN != ''"));
  });

  const jobEnv = (extra: Record<string, string>) => ({
    PATH: `${dir.path}:${process.env.PATH ?? ""}`,
    ...envFor(emu, emu.liveKey),
    DAYS: "7",
    GITHUB_STEP_SUMMARY: join(dir.path, "summary.md"),
    SLACK_API_URL: slack.apiUrl,
    ...extra,
  });

  it("its report step appends the markdown report to the job summary and writes the html page", async () => {
    const res = await runBash(reportStep.run!, jobEnv({ SLACK_ENABLED: "false" }), dir.path);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const summary = await readFile(join(dir.path, "summary.md"), "utf8");
    expect(summary).toContain("## Content review insights: last 7 days");
    expect(summary.match(/```mermaid/g)).toHaveLength(3);
    const html = await readFile(join(dir.path, "content-review-insights.html"), "utf8");
    expect(html).toContain('data-chart="violation-rate"');
    expect(slack.messages).toHaveLength(0);
  });

  it("still writes the summary when Slack refuses, then fails the step", async () => {
    const { rm } = await import("node:fs/promises");
    await rm(join(dir.path, "summary.md"), { force: true });
    const res = await runBash(
      reportStep.run!,
      jobEnv({ SLACK_ENABLED: "true", SLACK_TOKEN: "xoxb-refused", SLACK_CHANNEL: "C42" }),
      dir.path,
    );
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/invalid_auth/);
    expect(await readFile(join(dir.path, "summary.md"), "utf8")).toContain("```mermaid");
  });

  it("posts the top figures to Slack only when the token is set", async () => {
    const res = await runBash(
      reportStep.run!,
      jobEnv({ SLACK_ENABLED: "true", SLACK_TOKEN: "xoxb-template-test", SLACK_CHANNEL: "C42" }),
      dir.path,
    );
    expect(res.code).toBe(0);
    expect(slack.messages.map((m) => m.channel)).toEqual(["C42"]);
    expect(slack.messages[0]!.text).toContain("Top rules: `CLAIM_GUARANTEE` (1)");
  });
});
