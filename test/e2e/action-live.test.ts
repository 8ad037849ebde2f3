import { mkdir, readFile, symlink, truncate, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../emulator/github/index.ts";
import type { EmulatorHandle } from "../../emulator/index.ts";
import { relayIdempotencyKey } from "../../src/action/relay-handoff/relay-idempotency-key.ts";
import { readBody } from "../fakes/read-body.ts";
import { sarifSchemaErrors } from "../helpers/validate-sarif.ts";
import { type ActionRun, pullRequestEvent, runAction } from "./action-harness.ts";
import { startActionStage } from "./start-action-stage.ts";

const TOKEN = "ghs_faketokenfaketokenfaketoken0002";
const HEAD = "d".repeat(40);
const CLAIMS =
  "Clinically proven and guaranteed. The #1 choice. Act now! Ask @octocat <script>x</script>\n";

/** Claims on lines 2 and 5; the PR's diff shows lines 1 to 3 only. */
const LINES =
  "A calm first line.\nClinically proven results.\nA calm third line.\nAnother calm line.\nGuaranteed to work.\n";
const LINES_PATCH =
  "@@ -1,2 +1,3 @@\n A calm first line.\n+Clinically proven results.\n A calm third line.";

let emu: EmulatorHandle;
let github: GithubStandIn;
let workspace: string;
/** Every presigned upload URL the emulator handed out, to prove none leaks. */
const uploadUrls: string[] = [];

async function put(path: string, text: string) {
  await mkdir(dirname(join(workspace, path)), { recursive: true });
  await writeFile(join(workspace, path), text);
}

async function control(path: string, body: unknown) {
  const response = await fetch(`${emu.baseUrl}/_emulator/${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

async function ledger(): Promise<{ submissions: number; creditsCharged: number }> {
  return (await fetch(`${emu.baseUrl}/_emulator/ledger`)).json() as never;
}

beforeAll(async () => {
  ({ emu, github, workspace } = await startActionStage({
    token: TOKEN,
    emulator: {
      onResponse: (r) => {
        const url = (r.body as { uploadUrl?: string } | null)?.uploadUrl;
        if (url) uploadUrls.push(url);
      },
    },
  }));
  await put("media/claims.txt", CLAIMS);
  await put("media/clean.txt", "A calm description of the product.\n");
  await put("media/tool.exe", "MZ");
  await put("media/huge.txt", "");
  await truncate(join(workspace, "media/huge.txt"), 101 * 1000 * 1000);
  await symlink(join(workspace, "media/clean.txt"), join(workspace, "media/link.txt"));
  await put("media/v.txt", "Clinically proven. Act now!\n");
  await put("media/lines.txt", LINES);
});

function live(
  inputs: Record<string, string>,
  pr: number,
  gh: GithubStandIn = github,
): Promise<ActionRun> {
  return runAction({
    inputs: { "api-key": emu.liveKey, "base-url": emu.baseUrl, "sidekick-ids": "brand", ...inputs },
    eventName: "pull_request",
    event: pullRequestEvent(pr, HEAD),
    workspace,
    githubApiUrl: gh.apiUrl,
    githubToken: TOKEN,
  });
}

describe("action (live, built dist/index.js)", () => {
  it("action reviews live media, skips bad files (failing on those it could not review), and never writes a secret anywhere", async () => {
    github.addPullRequest(10, [
      { filename: "media/claims.txt", status: "added" },
      { filename: "media/clean.txt", status: "modified" },
      { filename: "media/tool.exe", status: "added" },
      { filename: "media/huge.txt", status: "added" },
      { filename: "media/link.txt", status: "added" },
    ]);
    const run = await live(
      { files: "media/**\n!media/v.txt", "fail-on": "never", "sarif-file": "review.sarif" },
      10,
    );
    // A matching file skipped as too large or as a link was never reviewed: the run fails
    // (fail-on never only lets findings pass); an unsupported type passes by.
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ status: "failure", "critical-count": "1", credits: "2" });
    expect(run.stdout).toContain(
      "2 matching files skipped before review (media/huge.txt, media/link.txt;",
    );
    const report = JSON.parse(await readFile(run.outputs["report-path"]!, "utf8"));
    expect(
      report.skipped.map((s: { path: string; reason: string }) => `${s.path}:${s.reason}`).sort(),
    ).toEqual([
      "media/huge.txt:too-large",
      "media/link.txt:symlink",
      "media/tool.exe:unsupported-type",
    ]);
    expect(run.stdout).toContain("::warning file=media/tool.exe::Skipped media/tool.exe");
    // Untrusted text is defused in markdown.
    const comment = github.reviewComments.find((c) => c.path === "media/claims.txt");
    expect(comment?.body).toContain("#&#8203;1");
    expect(comment?.body).not.toContain("<script>");

    const check = github.checkRuns.find((c) => c.head_sha === HEAD);
    const sarif = await readFile(join(workspace, "review.sarif"), "utf8");
    const log = JSON.parse(sarif);
    expect(await sarifSchemaErrors(log)).toEqual([]);
    // claims.txt is one line: each finding points at it, quoting its own words.
    const claims = log.runs[0].results.filter(
      (r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
        r.locations[0]!.physicalLocation.artifactLocation.uri === "media/claims.txt",
    );
    expect(claims.length).toBeGreaterThan(0);
    for (const result of claims) {
      const region = result.locations[0].physicalLocation.region;
      expect(region.startLine).toBe(1);
      expect(CLAIMS).toContain(region.snippet.text);
    }
    const everything = [
      run.stdout
        .split("\n")
        .filter((l) => !l.startsWith("::add-mask::"))
        .join("\n"),
      run.stderr,
      JSON.stringify(run.outputs),
      run.summary,
      await readFile(run.outputs["report-path"]!, "utf8"),
      sarif,
      JSON.stringify(check),
      JSON.stringify(github.reviews),
      JSON.stringify(github.reviewComments),
    ].join("\n");
    expect(uploadUrls.length).toBeGreaterThan(0);
    const signatures = uploadUrls.flatMap((u) =>
      [...new URL(u).searchParams.values()].filter((v) => v.length >= 16),
    );
    expect(signatures.length).toBeGreaterThan(0);
    for (const secret of [emu.liveKey, emu.liveKey.slice(8), TOKEN, ...uploadUrls, ...signatures]) {
      expect(everything).not.toContain(secret);
    }
    expect(github.violations).toEqual([]);
  });

  it("action stops before submitting when the estimate is over max-credits, and asks for action", async () => {
    github.addPullRequest(11, [{ filename: "media/claims.txt", status: "modified" }]);
    const before = await ledger();
    const run = await live({ "max-credits": "0", "check-name": "Budget" }, 11);
    // Not reviewed must not pass a required check: the step fails, the check asks for action.
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({
      status: "action_required",
      "submission-id": "",
      credits: "1",
    });
    expect(run.stdout).toMatch(
      /::error::Not reviewed: the estimate is 1 credit, over the max-credits limit of 0/,
    );
    const check = github.checkRuns.find((c) => c.name === "Budget");
    expect(check).toMatchObject({ status: "completed", conclusion: "action_required" });
    expect(check?.output?.title).toBe(
      "Not reviewed: the estimate of 1 credit is over max-credits 0",
    );
    for (const text of [run.summary, check?.output?.summary ?? ""]) {
      expect(text).toContain("over the max-credits limit of 0");
      expect(text).toContain("raise max-credits");
      expect(text).toContain("workflow\\_dispatch input max-credits");
    }
    expect(await ledger()).toMatchObject({
      submissions: before.submissions,
      creditsCharged: before.creditsCharged,
    });
  });

  it("action points annotations at anchored lines, and comments on a line only when the diff shows it", async () => {
    github.addPullRequest(17, [
      { filename: "media/lines.txt", status: "modified", patch: LINES_PATCH },
    ]);
    const run = await live({ "fail-on": "never", "check-name": "Anchors" }, 17);
    expect(run.code).toBe(0);
    const check = github.checkRuns.find((c) => c.name === "Anchors");
    const lines = (check?.annotations ?? []).map((a) => `${a["path"]}:${a["start_line"]}`);
    expect(lines.sort()).toEqual(["media/lines.txt:2", "media/lines.txt:5"]);
    const comments = github.reviewComments.filter((c) => c.pull_number === 17);
    // Line 2 is in the diff: a line comment. Line 5 is not: it stays in the file-level comment.
    const onLine = comments.filter((c) => c.subject_type === "line");
    const onFile = comments.filter((c) => c.subject_type === "file");
    expect(onLine.map((c) => c.line)).toEqual([2]);
    expect(onLine[0]!.body).toMatch(/Clinically proven/i);
    expect(onLine[0]!.body).not.toMatch(/Guaranteed/i);
    expect(onFile).toHaveLength(1);
    expect(onFile[0]!.body).toMatch(/Guaranteed/i);
    expect(onFile[0]!.body).not.toMatch(/Clinically proven/i);
    expect(github.violations).toEqual([]);
  });

  it("action says which issues are new and resolved on a later version", async () => {
    const v1 = "Clinically proven. Act now!\n";
    const v2 = "Clinically proven. Guaranteed!\n";
    await put("media/v.txt", v1);
    github.addPullRequest(12, [{ filename: "media/v.txt", status: "added", content: v1 }]);
    await live({ "fail-on": "never" }, 12);
    // A push changes the file: GitHub lists its new blob sha, so it is reviewed again.
    await put("media/v.txt", v2);
    github.addPullRequest(12, [{ filename: "media/v.txt", status: "added", content: v2 }]);
    const run = await live({ "fail-on": "never" }, 12);
    expect(run.code).toBe(0);
    const comment = github.reviewComments.find((c) => c.pull_number === 12);
    expect(comment?.body).toContain("1 new and 1 resolved since version 1");
    expect(comment?.updates).toBe(1);
  });

  it("action finishes correctly with 20% injected service faults", async () => {
    github.addPullRequest(13, [
      { filename: "media/claims.txt", status: "added" },
      { filename: "media/clean.txt", status: "added" },
    ]);
    // createSubmission is left out: a 5xx on it is ambiguous and correctly never replayed.
    await control("faults", {
      rate: 0.2,
      kinds: ["429", "500", "502"],
      pathPattern: "^/api/(uploads|pricing|submissions/)",
      seed: 7,
    });
    try {
      const run = await live({ "fail-on": "critical" }, 13);
      expect(run.code).toBe(1);
      expect(run.outputs).toMatchObject({
        status: "failure",
        "critical-count": "1",
        "issue-count": "4",
      });
    } finally {
      await control("faults", { rate: 0 });
    }
    expect(github.violations).toEqual([]);
  });

  it("action falls back to the job summary when checks and PR writes are forbidden", async () => {
    const locked = await startGithubStandIn({ token: TOKEN });
    try {
      locked.deny("checks");
      locked.deny("pulls");
      locked.addPullRequest(14, [{ filename: "media/claims.txt", status: "added" }]);
      const run = await live({ "fail-on": "major" }, 14, locked);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("checks: write");
      expect(run.stdout).toMatch(/::warning::Could not post the PR review: .*permission/);
      expect(run.summary).toContain("media/claims.txt");
      expect(run.outputs["status"]).toBe("failure");
      expect(locked.violations).toEqual([]);
    } finally {
      await locked.close();
    }
  });

  it("action with wait false sets a pending status, registers with the relay and exits 0", async () => {
    const links: {
      auth: string | undefined;
      key: string | string[] | undefined;
      body: Record<string, unknown>;
    }[] = [];
    const relay = createServer(async (req, res) => {
      links.push({
        auth: req.headers.authorization,
        key: req.headers["idempotency-key"],
        body: JSON.parse(await readBody(req)),
      });
      res.writeHead(202, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
    try {
      github.addPullRequest(15, [{ filename: "media/clean.txt", status: "added" }]);
      const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
      // The PR's author, whom the relay mentions in Slack when the review fails.
      const event = pullRequestEvent(15, HEAD);
      const run = await runAction({
        inputs: {
          "api-key": emu.liveKey,
          "base-url": emu.baseUrl,
          "sidekick-ids": "brand",
          wait: "false",
          "relay-url": relayUrl,
          "relay-token": "relay-secret-token",
        },
        eventName: "pull_request",
        event: { ...event, pull_request: { ...event.pull_request, user: { login: "octocat" } } },
        workspace,
        githubApiUrl: github.apiUrl,
        githubToken: TOKEN,
      });
      expect(run.code).toBe(0);
      expect(run.outputs["status"]).toBe("pending");
      expect(github.statuses.at(-1)).toMatchObject({
        state: "pending",
        context: "Content Review",
        sha: HEAD,
      });
      expect(links).toEqual([
        {
          auth: "Bearer relay-secret-token",
          // The key names the link, so a re-run of this job sends the same one.
          key: `"${relayIdempotencyKey({ submissionId: run.outputs["submission-id"]!, sha: HEAD, context: "Content Review" })}"`,
          body: {
            submissionId: run.outputs["submission-id"],
            repository: "octo/media",
            sha: HEAD,
            pullRequest: 15,
            context: "Content Review",
            assetCount: 1,
            failOn: "critical",
            author: "octocat",
          },
        },
      ]);
      const logged = run.stdout.split("\n").filter((l) => !l.startsWith("::add-mask::"));
      expect(logged.join("\n")).not.toContain("relay-secret-token");
    } finally {
      relay.closeAllConnections();
      await new Promise((r) => relay.close(r));
    }
  });

  it("action closes the pending status with an error when the relay refuses the submission", async () => {
    const relay = createServer((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" }).end('{"error":"bad token"}');
    });
    await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
    try {
      github.addPullRequest(16, [{ filename: "media/clean.txt", status: "added" }]);
      const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
      const run = await live(
        {
          wait: "false",
          "relay-url": relayUrl,
          "relay-token": "wrong-token",
          "check-name": "Relayed",
        },
        16,
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("::error::The relay at");
      expect(run.outputs["submission-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(github.statuses.filter((s) => s.context === "Relayed").map((s) => s.state)).toEqual([
        "pending",
        "error",
      ]);
    } finally {
      relay.closeAllConnections();
      await new Promise((r) => relay.close(r));
    }
  });
});
