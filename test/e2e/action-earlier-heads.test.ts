import { beforeAll, describe, expect, it } from "vitest";
import { pullRequestEvent, runAction } from "./action-harness.ts";
import { CALM, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

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
  stage = await startActionStage({ token: "ghs_earlierheadstokenearlierheads01" });
  base = stage.github.addCommit({ branch: "main", files: { "README.md": "Media.\n" } });
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

  it("action with two pushes a few seconds apart pays for the second only what changed since the last finished run while the first still runs, and the first, cancelled, keeps its record", async () => {
    const a = await openOnSix(42);
    await review(42, a);
    const b = await push(42, a, { "d.txt": "A calm d, changed.\n" });
    // Run B uploads d.txt and polls a review that takes an hour.
    await setProcessing(3_600);
    const cancel = new AbortController();
    let submitted: () => void = () => {};
    const polling = new Promise<void>((done) => {
      submitted = done;
    });
    const runB = runAction({
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
        if (line.startsWith("Submitted 1 file")) submitted();
        return undefined;
      },
    });
    await polling;
    await setProcessing(0);
    // Push C while B polls: B's check run is in progress, with no record yet.
    const c = await push(42, b, { "e.txt": "A calm e, changed.\n" });
    const [run, spent] = await review(42, c, b);
    cancel.abort();
    const cancelled = await runB;
    expect(run.code).toBe(0);
    // d.txt's review is not complete in B, so it is paid again with e.txt; the four others are
    // reused from A's record, found past B.
    expect(spent).toMatchObject({ uploads: 2, creditsCharged: 2 });
    expect(run.outputs).toMatchObject({ "reused-count": "4", credits: "2" });
    expect(run.stdout).toContain(`on ${a.slice(0, 7)} (an earlier commit of pull request #42)`);
    // B, cancelled, concludes its check run with the record of the five files it reused.
    expect(cancelled.outputs).toMatchObject({ status: "cancelled" });
    expect(cancelled.stdout).toContain("Uploaded pr42/d.txt");
    const checkB = stage.github.checkRuns.filter((r) => r.head_sha === b).at(-1)!;
    expect(checkB.conclusion).toBe("cancelled");
    expect(checkB.output?.text).toContain("content-review:record v4");
    // A re-run of C finds C's own record: nothing is paid again.
    const [again, spentAgain] = await review(42, c, b);
    expect(spentAgain).toMatchObject({ uploads: 0, creditsCharged: 0 });
    expect(again.outputs).toMatchObject({ "reused-count": "6" });
    expect(stage.github.violations).toEqual([]);
  });
});
