import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandIn } from "../../emulator/github/index.ts";
import { startEmulator } from "../../emulator/index.ts";
import { spentDuring } from "../helpers/spent-during.ts";
import { pullRequestEvent, runAction } from "./action-harness.ts";
import { CALM, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";

let stage: Stage;

/** Six calm files, told apart by a word. */
const SIX = Object.fromEntries(
  ["a", "b", "c", "d", "e", "f"].map((n) => [`${n}.txt`, CALM.replace("calm", `calm ${n}`)]),
);

/** A pull request `number` on a commit of the six files, with the workspace holding them. */
async function openOnSix(number: number): Promise<string> {
  const files = Object.fromEntries(Object.entries(SIX).map(([p, t]) => [`pr${number}/${p}`, t]));
  const head = stage.github.addCommit({ parents: [base], files });
  stage.github.openPullRequest({ number, head });
  await writeFiles(stage, files);
  return head;
}

/** Pushes `changes` on `parent` to pull request `number`, in the stand-in and the workspace. */
async function push(number: number, parent: string, changes: Record<string, string>) {
  const files = Object.fromEntries(
    Object.entries(changes).map(([p, t]) => [`pr${number}/${p}`, t]),
  );
  const head = stage.github.addCommit({ parents: [parent], files });
  stage.github.pushPullRequest(number, head);
  await writeFiles(stage, files);
  return head;
}

const review = (number: number, sha: string, before?: string) =>
  runOn(
    stage,
    "pull_request",
    pullRequestEvent(number, sha, false, before === undefined ? {} : { before }),
    { comment: "summary-only" },
  );

const setProcessing = async (seconds: number) => {
  const response = await fetch(`${stage.emu.baseUrl}/_emulator/processing`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
};

let base: string;

beforeAll(async () => {
  const token = "ghs_earlierheadstokenearlierheads01";
  stage = {
    emu: await startEmulator({ port: 0, processingSeconds: 0 }),
    github: await startGithubStandIn({ token }),
    workspace: await mkdtemp(join(tmpdir(), "content-review-earlier-heads-")),
    token,
  };
  base = stage.github.addCommit({ branch: "main", files: { "README.md": "Media.\n" } });
});

afterAll(async () => {
  await stage?.github.close();
  await stage?.emu.close();
  if (stage !== undefined) await rm(stage.workspace, { recursive: true, force: true });
});

describe("action reviews found across a pull request's earlier heads (built dist/index.js, emulator, GitHub stand-in)", () => {
  it("action after a push whose run was cancelled before it kept a record pays only for the files changed since the last finished run", async () => {
    const a = await openOnSix(41);
    const [first, firstSpent] = await review(41, a);
    expect(first.code).toBe(0);
    expect(firstSpent).toMatchObject({ uploads: 6, creditsCharged: 6 });
    // Push B changes d.txt; its run is cancelled while queued (it never starts). Push C
    // changes e.txt: GitHub sends B as `before`, which holds no record.
    const b = await push(41, a, { "d.txt": "A calm d, changed.\n" });
    const c = await push(41, b, { "e.txt": "A calm e, changed.\n" });
    const [run, spent] = await review(41, c, b);
    expect(run.code).toBe(0);
    expect(spent).toMatchObject({ uploads: 2, submissions: 1, creditsCharged: 2 });
    expect(run.outputs).toMatchObject({ "reused-count": "4", credits: "2" });
    expect(run.stdout).toContain(`on ${a.slice(0, 7)} (an earlier commit of pull request #41)`);
    expect(stage.github.violations).toEqual([]);
  });

  it("action with two pushes a few seconds apart, the first run cancelled while it polls, pays for the second only what changed since the last finished run, and the cancelled run keeps its record", async () => {
    const a = await openOnSix(42);
    await review(42, a);
    const b = await push(42, a, { "d.txt": "A calm d, changed.\n" });
    // Run B uploads d.txt and polls a review that takes an hour, until it is cancelled.
    await setProcessing(3_600);
    const cancel = new AbortController();
    const runB = spentDuring(stage.emu.baseUrl, () =>
      runAction({
        inputs: {
          "api-key": stage.emu.liveKey,
          "base-url": stage.emu.baseUrl,
          "sidekick-ids": "brand",
          comment: "summary-only",
        },
        eventName: "pull_request",
        event: pullRequestEvent(42, b, false, { before: a }),
        workspace: stage.workspace,
        githubApiUrl: stage.github.apiUrl,
        githubToken: stage.token,
        cancel: cancel.signal,
        onLine: (line) => {
          if (line.startsWith("Submitted 1 file")) cancel.abort();
          return undefined;
        },
      }),
    );
    const [cancelled, spentB] = await runB;
    await setProcessing(0);
    expect(cancelled.outputs).toMatchObject({ status: "cancelled" });
    expect(spentB).toMatchObject({ uploads: 1, creditsCharged: 1 });
    // Its check run concludes cancelled, with the record of the five files it reused.
    const checkB = stage.github.checkRuns.filter((r) => r.head_sha === b).at(-1)!;
    expect(checkB.conclusion).toBe("cancelled");
    expect(checkB.output?.text).toContain("content-review:record v4");

    const c = await push(42, b, { "e.txt": "A calm e, changed.\n" });
    const [run, spent] = await review(42, c, b);
    expect(run.code).toBe(0);
    // d.txt's review was never seen complete, so it is paid again with e.txt; the four others
    // are reused (from B's record and A's).
    expect(spent).toMatchObject({ uploads: 2, creditsCharged: 2 });
    expect(run.outputs).toMatchObject({ "reused-count": "4", credits: "2" });
    expect(stage.github.violations).toEqual([]);
  });
});
