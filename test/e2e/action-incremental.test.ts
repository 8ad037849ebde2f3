import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { GithubStandIn } from "../../emulator/github/index.ts";
import type { EmulatorHandle } from "../../emulator/index.ts";
import { deriveRecordKey } from "../../src/action/incremental/derive-record-key.ts";
import {
  readRecordBlock,
  recordSigning,
} from "../../src/action/incremental/review-record-block.ts";
import { LIVE_SCOPE, recordBlock } from "../action/signing/signing-fixture.ts";
import { spentDuring } from "../helpers/spent-during.ts";
import { type ActionRun, pullRequestEvent, runAction } from "./action-harness.ts";
import { startActionStage } from "./start-action-stage.ts";

const TOKEN = "ghs_incrementaltokenincrementaltok01";
/** Text the emulator finds issues in (a critical one among them), and text it finds none in. */
const CLAIMS = "Clinically proven and guaranteed. Act now!\n";
const CALM = "A calm description of the product.\n";

let emu: EmulatorHandle;
let github: GithubStandIn;
let workspace: string;

/** What the service recorded while `action` ran: uploads, submissions, assets and credits. */
function charged(action: () => Promise<ActionRun>) {
  return spentDuring(emu.baseUrl, action);
}

/** Writes the files into the workspace and lists them as the PR's files at a new head. */
async function pushFiles(pr: number, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(workspace, path)), { recursive: true });
    await writeFile(join(workspace, path), text);
  }
  github.addPullRequest(
    pr,
    Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
  );
}

function review(
  pr: number,
  head: string,
  options: { before?: string; inputs?: Record<string, string> } = {},
): Promise<ActionRun> {
  return runAction({
    inputs: {
      "api-key": emu.liveKey,
      "base-url": emu.baseUrl,
      "sidekick-ids": "brand",
      ...options.inputs,
    },
    eventName: "pull_request",
    event: pullRequestEvent(
      pr,
      head,
      false,
      options.before === undefined ? {} : { before: options.before },
    ),
    workspace,
    githubApiUrl: github.apiUrl,
    githubToken: TOKEN,
  });
}

interface ReportAsset {
  path: string;
  assetId: string;
  issueCount: number;
  versionNumber: number;
  diff: unknown;
  reused: { submissionId: string; reviewedIn: string; creditsSaved: number } | null;
}

async function report(run: ActionRun): Promise<{
  conclusion: string;
  counts: Record<string, number>;
  issueCount: number;
  reusedCount: number;
  creditsSaved: number;
  assets: ReportAsset[];
}> {
  return JSON.parse(await readFile(run.outputs["report-path"]!, "utf8"));
}

const head = (digit: string) => digit.repeat(40);

beforeAll(async () => {
  ({ emu, github, workspace } = await startActionStage({ token: TOKEN }));
});

describe("action incremental review (built dist/index.js, emulator, fake GitHub)", () => {
  it("action reviews only the file a push changed, and still reports all six with their findings", async () => {
    const files: Record<string, string> = {
      "pr21/a.txt": CLAIMS,
      "pr21/b.txt": CALM,
      "pr21/c.txt": "Act now, while stocks last.\n",
      "pr21/d.txt": CALM.replace("calm", "quiet"),
      "pr21/e.txt": "Guaranteed results.\n",
      "pr21/f.txt": CALM.replace("product", "service"),
    };
    await pushFiles(21, files);
    const [first, firstLedger] = await charged(() =>
      review(21, head("1"), { inputs: { "fail-on": "never" } }),
    );
    expect(first.code).toBe(0);
    expect(firstLedger).toMatchObject({ uploads: 6, submissions: 1, assets: 6 });
    expect(first.outputs).toMatchObject({ "reused-count": "0", credits: "6" });

    // The push changes c.txt only; GitHub sends the previous head as `before`.
    await pushFiles(21, { ...files, "pr21/c.txt": "Act now! Clinically proven.\n" });
    const [second, spent] = await charged(() =>
      review(21, head("2"), { before: head("1"), inputs: { "fail-on": "never" } }),
    );
    expect(second.code).toBe(0);
    expect(spent).toEqual({ uploads: 1, submissions: 1, assets: 1, creditsCharged: 1 });
    expect(second.outputs).toMatchObject({ "reused-count": "5", credits: "1" });
    expect(second.stdout).toContain(
      "pr21/a.txt: unchanged since 1111111; its review is reused (no upload, no credits).",
    );

    const before = await report(first);
    const after = await report(second);
    expect(after.assets.map((a) => a.path)).toEqual(Object.keys(files));
    expect(after).toMatchObject({ reusedCount: 5, creditsSaved: 5 });
    for (const asset of after.assets) {
      const earlier = before.assets.find((a) => a.path === asset.path)!;
      if (asset.path === "pr21/c.txt") {
        // Reviewed again: a second version, with what is new and resolved since the first.
        expect(asset).toMatchObject({ reused: null, versionNumber: 2 });
        expect(asset.diff).not.toBeNull();
        continue;
      }
      // The same review, read again: same asset, same findings.
      expect(asset).toMatchObject({
        assetId: earlier.assetId,
        issueCount: earlier.issueCount,
        reused: { reviewedIn: head("1"), creditsSaved: 1 },
      });
    }
    const issues = after.assets.reduce((n, a) => n + a.issueCount, 0);
    expect(second.outputs["issue-count"]).toBe(String(issues));
    expect(issues).toBeGreaterThan(after.assets.find((a) => a.path === "pr21/c.txt")!.issueCount);

    // The check run and the job summary mark the reused files and say what was saved.
    const check = github.checkRuns.filter((c) => c.head_sha === head("2")).at(-1)!;
    for (const text of [second.summary, check.output?.summary ?? ""]) {
      expect(text.match(/unchanged since 1111111/g)?.length).toBeGreaterThanOrEqual(5);
      expect(text).toContain("5 unchanged files reused (5 credits saved)");
    }
    // Reused findings are annotated like fresh ones, and their PR comments stand.
    const annotated = new Set(check.annotations.map((a) => a["path"]));
    expect(annotated).toContain("pr21/a.txt");
    expect(annotated).toContain("pr21/e.txt");
    expect(second.stdout).toMatch(/PR review: \d+ new, \d+ updated, 0 marked outdated/);
    expect(github.violations).toEqual([]);
  });

  it("action re-run on the same commit uploads, submits and charges nothing, with the same conclusion", async () => {
    await pushFiles(22, { "pr22/a.txt": CLAIMS, "pr22/b.txt": CALM, "pr22/c.txt": "Act now!\n" });
    const options = { inputs: { comment: "summary-only" } };
    const [first] = await charged(() => review(22, head("3"), options));
    const [again, spent] = await charged(() => review(22, head("3"), options));
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    // A critical finding recorded earlier still fails the check.
    expect(first.code).toBe(1);
    expect(again.code).toBe(1);
    for (const name of ["status", "issue-count", "critical-count"])
      expect(again.outputs[name]).toBe(first.outputs[name]);
    expect(again.outputs).toMatchObject({
      status: "failure",
      "reused-count": "3",
      credits: "0",
      "submission-id": "",
    });
    expect((await report(again)).counts).toEqual((await report(first)).counts);
    const runs = github.checkRuns.filter((c) => c.head_sha === head("3"));
    expect(runs.map((r) => r.conclusion)).toEqual(["failure", "failure"]);
    expect(again.stdout).toContain(`Review record of check run ${runs[0]!.id} on 3333333`);
  });

  it("action reviews a file again when its recorded asset answers 404", async () => {
    await pushFiles(23, { "pr23/a.txt": CLAIMS, "pr23/b.txt": CALM });
    const options = { inputs: { comment: "summary-only", "fail-on": "never" } };
    await review(23, head("4"), options);
    // The record as GitHub serves it, with b.txt's asset replaced by one the service never had.
    const id = github.checkRuns.filter((c) => c.head_sha === head("4")).at(-1)!.id;
    const auth = { authorization: `token ${TOKEN}`, "content-type": "application/json" };
    const served = await fetch(`${github.apiUrl}/repos/octo/media/check-runs/${id}`, {
      headers: auth,
    });
    // Signed as the Action signs: this test is about the asset, not the signature.
    const key = deriveRecordKey(emu.liveKey, LIVE_SCOPE);
    const block = readRecordBlock(
      ((await served.json()) as { output: { text: string } }).output.text,
      "test",
      recordSigning(key, head("4")),
      ["pr23/a.txt", "pr23/b.txt"],
    );
    if (block.kind !== "record") throw new Error(`no record in check run ${id}`);
    const unknown = randomUUID();
    const forged = {
      ...block.record,
      entries: block.record.entries.map((e) =>
        e.path === "pr23/b.txt" ? { ...e, assetId: unknown } : e,
      ),
    };
    const created = await fetch(`${github.apiUrl}/repos/octo/media/check-runs`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        name: "Content Review",
        head_sha: head("4"),
        status: "completed",
        conclusion: "success",
        output: { title: "t", summary: "s", text: recordBlock(forged, key, head("4")) },
      }),
    });
    expect(created.status).toBe(201);

    const [run, spent] = await charged(() => review(23, head("4"), options));
    expect(spent).toMatchObject({ uploads: 1, submissions: 1, assets: 1 });
    expect(run.outputs).toMatchObject({ "reused-count": "1", credits: "1" });
    expect(run.stdout).toContain(
      `pr23/b.txt: its recorded review (asset ${unknown}) cannot be read any more (HTTP 404); reviewing it again.`,
    );
    const assets = (await report(run)).assets;
    expect(assets.map((a) => [a.path, a.reused === null])).toEqual([
      ["pr23/a.txt", false],
      ["pr23/b.txt", true],
    ]);
    expect(github.violations).toEqual([]);
  });

  it("action with incremental false reviews every changed file again", async () => {
    await pushFiles(24, { "pr24/a.txt": CLAIMS, "pr24/b.txt": CALM });
    const options = { inputs: { comment: "summary-only", "fail-on": "never" } };
    await review(24, head("5"), options);
    const [run, spent] = await charged(() =>
      review(24, head("5"), { inputs: { ...options.inputs, incremental: "false" } }),
    );
    expect(spent).toEqual({ uploads: 2, submissions: 1, assets: 2, creditsCharged: 2 });
    expect(run.outputs).toMatchObject({ "reused-count": "0", credits: "2" });
    expect(run.stdout).not.toContain("Review record of check run");
  });
});
