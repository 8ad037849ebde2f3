// @ts-nocheck
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { type FakeSlack, startFakeSlack } from "../fakes/fake-slack.ts";
import { envFor, FAST_POLL, runCli, tempDir } from "./cli-harness.ts";

const SLACK_TOKEN = "xoxb-test-token-for-the-fake";

describe("content-review insights report", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let env: Record<string, string>;
  let slack: FakeSlack;
  const run = (...argv: string[]) => runCli(argv, { env, cwd: dir.path });

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
    dir = await tempDir();
    slack = await startFakeSlack({ token: SLACK_TOKEN });
    env = envFor(emu, emu.liveKey, { SLACK_API_URL: slack.apiUrl });
    const { writeFile } = await import("node:fs/promises");
    await writeFile(join(dir.path, "a.txt"), "Guaranteed! Clinically proven!\n");
    await writeFile(join(dir.path, "b.txt"), "Nothing to see.\n");
    const review = await run("review", "a.txt", "b.txt", "--fail-on", "never", ...FAST_POLL);
    expect(review.code).toBe(0);
  });
  afterAll(async () => {
    await slack.close();
    await emu.close();
    await dir.remove();
  });

  it("--format markdown --output writes the report with mermaid charts", async () => {
    const res = await run(
      "insights",
      "report",
      "--days",
      "7",
      "--format",
      "markdown",
      "--output",
      "report.md",
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(
      "Wrote the markdown insights report for the last 7 days to report.md.\n",
    );
    const md = await readFile(join(dir.path, "report.md"), "utf8");
    expect(md).toContain("## Content review insights: last 7 days");
    expect(md.match(/```mermaid/g)).toHaveLength(3);
    expect(md).toMatch(/ {2}line \[(?:[\d.]+, ){6}50\]/);
    expect(md).toContain("| Assets with violations | 50% (1 of 2) |");
  });

  it("markdown goes to stdout without --output (for $GITHUB_STEP_SUMMARY)", async () => {
    const res = await run("insights", "report", "--days", "3");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^## Content review insights: last 3 days/);
  });

  it("--format html writes a self-contained page with inline SVG", async () => {
    const res = await run(
      "insights",
      "report",
      "--days",
      "14",
      "--format",
      "html",
      "--output",
      "out/insights.html",
      "--json",
    );
    expect(res.code).toBe(0);
    expect(res.json).toMatchObject({
      output: "out/insights.html",
      format: "html",
      days: 14,
      slackTs: null,
    });
    expect(res.json.summary).toMatchObject({
      assetsReviewed: 2,
      assetsWithViolations: 1,
      topRule: { ruleCode: "CLAIM_CLINICAL" },
    });
    const html = await readFile(join(dir.path, "out/insights.html"), "utf8");
    // Assets were reviewed today only: one point; the 13 days without assets are gaps, not 0%.
    expect(html.match(/<circle class="point"/g)).toHaveLength(1);
    expect(
      html.match(/<tr><td>\d{4}-\d{2}-\d{2}<\/td><td class="num">no assets<\/td>/g),
    ).toHaveLength(13);
    expect(html).not.toMatch(/<(script|link|img)\b/);
  });

  it("--json without --output prints the report data", async () => {
    const res = await run("insights", "report", "--json", "--days", "2");
    expect(Object.keys(res.json).sort()).toEqual([
      "days",
      "duration",
      "generatedAt",
      "timeSaved",
      "topViolations",
      "violationRate",
    ]);
    expect(res.json.violationRate).toHaveLength(2);
  });

  it("--slack-channel posts the top figures through the Slack Web API", async () => {
    const res = await runCli(
      ["insights", "report", "--output", "r.md", "--slack-channel", "C0123", "--json"],
      {
        env: { ...env, SLACK_TOKEN },
        cwd: dir.path,
      },
    );
    expect(res.code).toBe(0);
    expect(res.json.slackTs).toBe(slack.messages[0]!.ts);
    const message = slack.messages[0]!;
    expect(message.channel).toBe("C0123");
    expect(message.text).toContain("*Content review insights, last 7 days*");
    expect(message.text).toContain("Assets with violations: 50% (1 of 2)");
    expect(message.text).toMatch(/Top rules: `CLAIM_(CLINICAL|GUARANTEE)` \(1\)/);
    expect(res.stdout + res.stderr).not.toContain(SLACK_TOKEN);
  });

  it("a Slack token Slack refuses gives 3 with what to check, and no token in the output", async () => {
    const res = await runCli(["insights", "report", "--slack-channel", "C0123"], {
      env: { ...env, SLACK_TOKEN: "xoxb-wrong-token" },
      cwd: dir.path,
    });
    expect(res.code).toBe(3);
    // The report is out before Slack is tried.
    expect(res.stdout).toMatch(/^## Content review insights: last 7 days/);
    expect(res.stderr).toMatch(
      /Posting the insights to Slack channel C0123 failed \(invalid_auth\)\. Check SLACK_TOKEN/,
    );
    expect(res.stderr).not.toContain("xoxb-wrong-token");
  });

  it("the Slack token is scrubbed from any error printed, even one that quotes it", async () => {
    // A channel pasted from the wrong variable: the error names the channel, which is the token.
    const token = "xoxb-pasted-into-the-wrong-place";
    const res = await runCli(["--debug", "insights", "report", "--slack-channel", token], {
      env: { ...env, SLACK_TOKEN: token },
      cwd: dir.path,
    });
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/Posting the insights to Slack channel \S+ failed/);
    expect(res.stderr).not.toContain(token);
  });

  it("--slack-channel without SLACK_TOKEN is a usage error", async () => {
    const res = await run("insights", "report", "--slack-channel", "C0123");
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/set SLACK_TOKEN/);
  });
});
