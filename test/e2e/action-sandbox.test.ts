import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { GithubStandIn, GithubUser } from "../../emulator/github/index.ts";
import type { EmulatorHandle } from "../../emulator/index.ts";
import {
  FINGERPRINT_PREFIX,
  fingerprintFields,
} from "../../src/action/review-comments/review-fingerprint.ts";
import { sarifSchemaErrors } from "../helpers/validate-sarif.ts";
import { pullRequestEvent, runAction } from "./action-harness.ts";
import { startActionStage } from "./start-action-stage.ts";

const TOKEN = "ghs_faketokenfaketokenfaketoken0001";
const HEAD = "c".repeat(40);

let emu: EmulatorHandle;
let github: GithubStandIn;
let workspace: string;

const FILES = {
  "media/spot__sandbox_fail__.mp4": "not really a video",
  "media/banner__sandbox_pass__.png": "not really an image",
  "media/note__sandbox_advisory__.txt": "advisory text",
  "media/wait__sandbox_pending__.txt": "pending forever",
  "media/plain.txt": "no marker",
  "notes.md": "no marker either",
  "docs/tool.exe": "not media",
};

const OCTOCAT: GithubUser = { login: "octocat", id: 583231, type: "User" };

const MARKERS =
  "__sandbox_pass__, __sandbox_advisory__, __sandbox_fail__, __sandbox_error__, __sandbox_retryable_error__, __sandbox_pending__";

beforeAll(async () => {
  ({ emu, github, workspace } = await startActionStage({ token: TOKEN, files: FILES }));
});

function base(
  inputs: Record<string, string>,
  prNumber: number,
  onLine?: (line: string) => NodeJS.Signals | undefined,
) {
  return runAction({
    inputs: {
      "api-key": emu.sandboxKey,
      "base-url": emu.baseUrl,
      "sidekick-ids": "brand, legal",
      ...inputs,
    },
    eventName: "pull_request",
    event: pullRequestEvent(prNumber, HEAD),
    workspace,
    githubApiUrl: github.apiUrl,
    githubToken: TOKEN,
    ...(onLine ? { onLine } : {}),
  });
}

describe("action (sandbox, built dist/index.js)", () => {
  it("action reviews a PR's changed media, fails on a critical issue, and reports everywhere", async () => {
    github.addPullRequest(1, [
      { filename: "media/spot__sandbox_fail__.mp4", status: "added" },
      { filename: "media/banner__sandbox_pass__.png", status: "modified" },
      { filename: "media/note__sandbox_advisory__.txt", status: "renamed" },
      { filename: "media/gone__sandbox_pass__.png", status: "removed" },
      { filename: "docs/tool.exe", status: "added" },
    ]);
    const run = await base({ "sarif-file": "out/review.sarif" }, 1);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({
      status: "failure",
      "issue-count": "5",
      "critical-count": "1",
      credits: "0",
    });
    expect(run.outputs["submission-id"]).toMatch(/^[0-9a-f-]{36}$/);

    const check = github.checkRuns.find((c) => c.head_sha === HEAD && c.name === "Content Review");
    expect(check).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(check!.annotations).toHaveLength(5);
    expect(check!.output?.summary).toContain("spot__sandbox_fail__.mp4");

    expect(github.reviews).toHaveLength(1);
    expect(github.reviews[0]).toMatchObject({ event: "COMMENT", commit_id: HEAD });
    const comments = github.reviewComments.filter((c) => c.pull_number === 1);
    expect(comments.map((c) => c.path).sort()).toEqual([
      "media/note__sandbox_advisory__.txt",
      "media/spot__sandbox_fail__.mp4",
    ]);
    expect(
      comments.every(
        (c) => c.subject_type === "file" && c.body.includes("<!-- content-review:file"),
      ),
    ).toBe(true);
    expect(comments.find((c) => c.path.includes("fail"))!.body).toContain("<details>");

    expect(run.summary).toContain("```mermaid");
    expect(run.summary).toContain("Fails on: critical");
    const report = JSON.parse(await readFile(run.outputs["report-path"]!, "utf8"));
    expect(report).toMatchObject({ conclusion: "failure", environment: "sandbox", issueCount: 5 });
    expect(report.assets).toHaveLength(3);
    const sarif = JSON.parse(await readFile(join(workspace, "out/review.sarif"), "utf8"));
    expect(sarif.runs[0].results).toHaveLength(5);
    expect(await sarifSchemaErrors(sarif)).toEqual([]);
    // Media have no lines: their findings are about the whole file, not a made-up line 1. The
    // sandbox's text anchors carry line 1 and no quote.
    for (const result of sarif.runs[0].results) {
      const at = result.locations[0].physicalLocation;
      expect(at.region ?? null).toEqual(
        at.artifactLocation.uri.endsWith(".txt") ? { startLine: 1 } : null,
      );
    }
    expect(
      sarif.runs[0].tool.driver.rules.every(
        (r: { help?: { text?: string } }) => (r.help?.text ?? "") !== "",
      ),
    ).toBe(true);
    expect(github.violations).toEqual([]);
  });

  it("action re-run on the same PR posts no duplicate comments", async () => {
    const before = github.reviewComments.length;
    const reviews = github.reviews.length;
    const run = await base({}, 1);
    expect(run.code).toBe(1);
    expect(github.reviews.length).toBe(reviews);
    expect(github.reviewComments.length).toBe(before);
    expect(run.stdout).toMatch(/PR review: 0 new/);
    expect(github.violations).toEqual([]);
  });

  it("action marks earlier comments outdated when their file no longer has findings", async () => {
    github.addPullRequest(1, [
      { filename: "media/banner__sandbox_pass__.png", status: "modified" },
    ]);
    const run = await base({}, 1);
    expect(run.code).toBe(0);
    expect(run.outputs["status"]).toBe("success");
    const comments = github.reviewComments.filter((c) => c.pull_number === 1);
    expect(comments.every((c) => c.body.includes("Outdated"))).toBe(true);
    expect(github.violations).toEqual([]);
  });

  it("action skips changed files without a sandbox marker with one warning, and reviews the marked ones", async () => {
    github.addPullRequest(2, [
      { filename: "media/plain.txt", status: "added" },
      { filename: "notes.md", status: "modified" },
      { filename: "media/banner__sandbox_pass__.png", status: "modified" },
    ]);
    const run = await base({ "check-name": "Unmarked" }, 2);
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ status: "success" });
    const warning = `2 files have no sandbox marker in the name and were skipped: media/plain.txt, notes.md. A sandbox key (sk_test_) reviews only files whose names contain one of ${MARKERS}.`;
    expect(run.stdout).toContain(`::warning::${warning}`);
    // In markdown, underscores and parentheses are escaped.
    const escaped = (text: string) => text.replace(/[_()]/g, (c) => `\\${c}`);
    expect(run.summary).toContain(escaped(warning));
    const check = github.checkRuns.find((c) => c.name === "Unmarked");
    expect(check).toMatchObject({ head_sha: HEAD, conclusion: "success" });
    expect(check?.output?.summary).toContain(escaped(warning));
    const report = JSON.parse(await readFile(run.outputs["report-path"]!, "utf8"));
    expect(report.assets.map((a: { path: string }) => a.path)).toEqual([
      "media/banner__sandbox_pass__.png",
    ]);
    expect(
      report.skipped.map((s: { path: string; reason: string }) => `${s.path}:${s.reason}`),
    ).toEqual(["media/plain.txt:no-sandbox-marker", "notes.md:no-sandbox-marker"]);
    expect(github.violations).toEqual([]);
  });

  it("action concludes skipped and exits 0 when no changed file has a sandbox marker", async () => {
    github.addPullRequest(5, [{ filename: "media/plain.txt", status: "added" }]);
    const run = await base({ "check-name": "Nothing marked" }, 5);
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ status: "skipped", "submission-id": "" });
    expect(run.stdout).toContain(
      `::warning::1 file has no sandbox marker in the name and was skipped: media/plain.txt. A sandbox key (sk_test_) reviews only files whose names contain one of ${MARKERS}.`,
    );
    const check = github.checkRuns.find((c) => c.name === "Nothing marked");
    expect(check).toMatchObject({ status: "completed", conclusion: "skipped" });
    expect(check?.output?.title).toContain(
      "Nothing to review in the sandbox: 1 file has no sandbox marker",
    );
    expect(run.summary).toContain("\\_\\_sandbox\\_retryable\\_error\\_\\_");
  });

  it("action posts the same comments one by one when GitHub refuses subject_type inside a review", async () => {
    github.addPullRequest(40, [{ filename: "media/spot__sandbox_fail__.mp4", status: "added" }]);
    github.setQuirks({ subjectTypeInReview: "reject" });
    try {
      const run = await base({ "check-name": "Older GitHub" }, 40);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("PR review: 1 new");
      expect(run.stdout).not.toContain("Could not post");
      const refused = github.requests.filter(
        (r) => r.operationId === "pulls/create-review" && r.status === 422,
      );
      expect(refused).toHaveLength(1);
      expect(github.reviews.filter((r) => r.pull_number === 40)).toEqual([]);
      const comments = github.reviewComments.filter((c) => c.pull_number === 40);
      expect(comments).toHaveLength(1);
      expect(comments[0]).toMatchObject({
        path: "media/spot__sandbox_fail__.mp4",
        subject_type: "file",
        review_id: null,
        commit_id: HEAD,
        user: { type: "Bot" },
      });
      expect(comments[0]!.body).toContain(
        `<!-- ${FINGERPRINT_PREFIX} ${fingerprintFields("Older GitHub", comments[0]!.path)} sig=`,
      );
      expect(github.violations).toEqual([]);
    } finally {
      github.setQuirks({});
    }
  });

  it("action warns once and keeps the findings in the check run and job summary when file comments are refused too", async () => {
    github.addPullRequest(41, [
      { filename: "media/spot__sandbox_fail__.mp4", status: "added" },
      { filename: "media/note__sandbox_advisory__.txt", status: "added" },
    ]);
    github.setQuirks({ subjectTypeInReview: "reject", fileComments: "reject" });
    try {
      const run = await base({ "check-name": "Oldest GitHub" }, 41);
      expect(run.code).toBe(1);
      expect(run.stdout.match(/::warning::Could not post the review comments/g)).toHaveLength(1);
      expect(run.stdout).toContain("The findings are in the check run and the job summary.");
      expect(github.reviewComments.filter((c) => c.pull_number === 41)).toEqual([]);
      const singles = github.requests.filter(
        (r) => r.operationId === "pulls/create-review-comment" && r.path.includes("/pulls/41/"),
      );
      expect(singles).toHaveLength(1);
      const check = github.checkRuns.find((c) => c.name === "Oldest GitHub");
      expect(check?.conclusion).toBe("failure");
      expect(check?.annotations.length).toBeGreaterThan(0);
      expect(check?.output?.summary).toContain("`media/spot__sandbox_fail__.mp4`: 1 critical");
      expect(run.summary).toContain("`media/note__sandbox_advisory__.txt`: 1 minor");
    } finally {
      github.setQuirks({});
    }
  });

  it("action re-run edits only its own Bot comments, never a person's comment that quotes the fingerprint", async () => {
    const spot = "media/spot__sandbox_fail__.mp4";
    const banner = "media/banner__sandbox_pass__.png";
    github.addPullRequest(42, [
      { filename: spot, status: "added" },
      { filename: banner, status: "modified" },
    ]);
    const quoting = [
      github.addReviewComment(42, {
        path: spot,
        body: `Pasted from the bot: <!-- ${FINGERPRINT_PREFIX} ${fingerprintFields("Mine", spot)} -->`,
        user: OCTOCAT,
      }),
      github.addReviewComment(42, {
        path: banner,
        body: `Old findings, copied by hand <!-- ${FINGERPRINT_PREFIX} ${fingerprintFields("Mine", banner)} -->`,
        user: OCTOCAT,
      }),
    ];
    const bodies = quoting.map((c) => c.body);
    const run = await base({ "check-name": "Mine" }, 42);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("PR review: 1 new, 0 updated, 0 marked outdated");
    expect(quoting.map((c) => c.body)).toEqual(bodies);
    expect(quoting.map((c) => c.updates)).toEqual([0, 0]);
    const ours = github.reviewComments.filter((c) => c.pull_number === 42 && c.user.type === "Bot");
    expect(ours.map((c) => c.path)).toEqual([spot]);
    expect(github.violations).toEqual([]);
  });

  it.each([
    ["SIGTERM", 3],
    ["SIGINT", 30],
  ] as const)("action concludes the check cancelled on %s", async (signal, pr) => {
    github.addPullRequest(pr, [{ filename: "media/wait__sandbox_pending__.txt", status: "added" }]);
    let sent = false;
    const name = `Cancel me (${signal})`;
    const run = await base({ "check-name": name }, pr, (line) => {
      if (!sent && line.startsWith("Submitted ")) {
        sent = true;
        return signal;
      }
      return undefined;
    });
    expect(sent).toBe(true);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`Received ${signal}`);
    const check = github.checkRuns.find((c) => c.name === name);
    expect(check).toMatchObject({ status: "completed", conclusion: "cancelled" });
    expect(run.outputs["status"]).toBe("cancelled");
  });

  it("action reviews the compare of a push", async () => {
    const before = "1".repeat(40);
    const after = "2".repeat(40);
    github.setCompare(`${before}...${after}`, [
      { filename: "media/note__sandbox_advisory__.txt", status: "modified" },
      { filename: "media/spot__sandbox_fail__.mp4", status: "removed" },
    ]);
    const run = await runAction({
      inputs: {
        "api-key": emu.sandboxKey,
        "base-url": emu.baseUrl,
        "sidekick-ids": "brand",
        "check-name": "On push",
      },
      eventName: "push",
      event: { before, after, ref: "refs/heads/main" },
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
      sha: after,
    });
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ status: "success", "issue-count": "2" });
    expect(github.checkRuns.find((c) => c.name === "On push")).toMatchObject({
      head_sha: after,
      conclusion: "success",
    });
    expect(github.violations).toEqual([]);
  });

  it("action reviews a fork's pull_request_target head from Git objects, never from the base checkout", async () => {
    const head = "d".repeat(40);
    github.addPullRequest(20, [
      { filename: "media/fresh__sandbox_fail__.mp4", status: "added" },
      { filename: "media/banner__sandbox_pass__.png", status: "modified" },
      { filename: "media/alias__sandbox_pass__.png", status: "added" },
      { filename: "docs/tool.exe", status: "added" },
    ]);
    github.setTree(head, {
      "media/fresh__sandbox_fail__.mp4": { content: "a video only the PR head has" },
      "media/banner__sandbox_pass__.png": { content: "the head's banner" },
      "media/alias__sandbox_pass__.png": { content: "../../etc/passwd", mode: "120000" },
      "docs/tool.exe": { content: "not media" },
    });
    const run = await runAction({
      inputs: {
        "api-key": emu.sandboxKey,
        "base-url": emu.baseUrl,
        "sidekick-ids": "brand",
        "check-name": "Target",
        comment: "summary-only",
      },
      eventName: "pull_request_target",
      event: pullRequestEvent(20, head, true),
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
    });
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ status: "failure", "critical-count": "1" });
    const report = JSON.parse(await readFile(run.outputs["report-path"]!, "utf8"));
    expect(JSON.stringify(report.assets)).toContain("media/fresh__sandbox_fail__.mp4");
    expect(JSON.stringify(report.skipped)).toContain("media/alias__sandbox_pass__.png");
    const blobs = github.requests.filter((r) => r.operationId === "git/get-blob");
    expect(blobs).toHaveLength(2);
    expect(github.checkRuns.find((c) => c.name === "Target")).toMatchObject({
      head_sha: head,
      conclusion: "failure",
    });
    expect(github.violations).toEqual([]);
  });

  it("action compares a new branch with the default branch", async () => {
    const after = "3".repeat(40);
    github.setCompare(`main...${after}`, [
      { filename: "media/banner__sandbox_pass__.png", status: "added" },
    ]);
    const run = await runAction({
      inputs: {
        "api-key": emu.sandboxKey,
        "base-url": emu.baseUrl,
        "sidekick-ids": "brand",
        "check-name": "New branch",
      },
      eventName: "push",
      event: {
        before: "0".repeat(40),
        after,
        ref: "refs/heads/feature",
        repository: { full_name: "octo/media", default_branch: "main" },
      },
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
      sha: after,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("1 changed file, 1 of them matches the patterns.");
    expect(github.checkRuns.find((c) => c.name === "New branch")).toMatchObject({
      head_sha: after,
      conclusion: "success",
    });
  });

  it("action skips a push that deleted a branch, with outputs and no GitHub request", async () => {
    const before = github.requests.length;
    const run = await runAction({
      inputs: {
        "api-key": emu.sandboxKey,
        "base-url": emu.baseUrl,
        "sidekick-ids": "brand",
        "check-name": "Deleted branch",
      },
      eventName: "push",
      event: { before: "4".repeat(40), after: "0".repeat(40), deleted: true, ref: "refs/heads/x" },
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
      sha: "4".repeat(40),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("::notice::The push deleted a branch");
    expect(run.outputs).toMatchObject({ status: "skipped", "submission-id": "" });
    expect(github.requests.slice(before)).toEqual([]);
  });

  it("action concludes a check run as failure when the change list cannot be read", async () => {
    const after = "5".repeat(40);
    // No comparison is set up for these commits: the fake answers 404, as GitHub does.
    const run = await runAction({
      inputs: {
        "api-key": emu.sandboxKey,
        "base-url": emu.baseUrl,
        "sidekick-ids": "brand",
        "check-name": "Broken compare",
      },
      eventName: "push",
      event: { before: "6".repeat(40), after, ref: "refs/heads/main" },
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
      sha: after,
    });
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ status: "failure", "submission-id": "" });
    const check = github.checkRuns.find((c) => c.name === "Broken compare");
    expect(check).toMatchObject({ head_sha: after, status: "completed", conclusion: "failure" });
    expect(check?.output?.summary).toContain("Not Found");
  });

  it("action reviews every matching file on workflow_dispatch", async () => {
    const run = await runAction({
      inputs: {
        "api-key": emu.sandboxKey,
        "base-url": emu.baseUrl,
        "sidekick-ids": "brand",
        files: "media/*__sandbox_pass__*\nmedia/*__sandbox_advisory__*",
        "check-name": "On dispatch",
        "fail-on": "minor",
      },
      eventName: "workflow_dispatch",
      event: { inputs: {} },
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
    });
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ status: "failure", "issue-count": "2" });
    expect(run.stdout).toContain("2 files match the patterns.");
  });

  it("action concludes timed_out when the review outlasts timeout-minutes", async () => {
    github.addPullRequest(4, [{ filename: "media/wait__sandbox_pending__.txt", status: "added" }]);
    const run = await base({ "timeout-minutes": "0.001", "check-name": "Too slow" }, 4);
    expect(run.code).toBe(1);
    expect(run.outputs["status"]).toBe("timed_out");
    expect(github.checkRuns.find((c) => c.name === "Too slow")).toMatchObject({
      conclusion: "timed_out",
    });
  });

  it("action skips a fork PR without secrets with a notice and exit code 0", async () => {
    const run = await runAction({
      inputs: { "api-key": "", "base-url": "", "sidekick-ids": "" },
      eventName: "pull_request",
      event: pullRequestEvent(9, HEAD, true),
      workspace,
      githubApiUrl: github.apiUrl,
      githubToken: TOKEN,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("::notice::");
    expect(run.outputs).toMatchObject({
      status: "skipped",
      "issue-count": "0",
      "submission-id": "",
    });
    expect(run.outputs["report-path"]).toBeTruthy();
  });

  it.each([
    [
      "fail-on",
      "bogus",
      'Input "fail-on" must be one of critical, major, minor, info, never (got "bogus")',
    ],
    ["comment", "loud", 'Input "comment" must be one of review, summary-only, none (got "loud")'],
    ["wait", "maybe", 'Input "wait" must be one of true, false (got "maybe")'],
    ["upload-concurrency", "0", 'Input "upload-concurrency" must be a whole number from 1 to 32'],
  ])(
    "action rejects %s=%s naming the input and the allowed values",
    async (input, value, message) => {
      const run = await base({ [input]: value }, 1);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`::error::${message}`);
      expect(run.outputs["status"]).toBe("failure");
    },
  );
});
