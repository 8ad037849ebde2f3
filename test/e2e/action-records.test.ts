import { beforeAll, describe, expect, it } from "vitest";
import { deriveRecordKey } from "../../src/action/incremental/derive-record-key.ts";
import { LIVE_SCOPE, recordBlock } from "../action/signing/signing-fixture.ts";
import { gitBlobSha } from "../helpers/git-blob-sha.ts";
import { entryOf, recordOf } from "../pipeline/review-record-fixture.ts";
import { pullRequestEvent } from "./action-harness.ts";
import {
  CALM,
  CLAIMS,
  checkRunText,
  forgeRecordBlock,
  postCheckRun,
  reportOf,
  runOn,
  type Stage,
  writeFiles,
} from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

let stage: Stage;
const head = (digit: string) => digit.repeat(40);

/** The files of pull request `pr` at a new head, in the workspace and in the fake's listing. */
async function pushFiles(pr: number, files: Record<string, string>): Promise<void> {
  await writeFiles(stage, files);
  stage.github.addPullRequest(
    pr,
    Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
  );
}

const review = (pr: number, sha: string, before?: string, inputs: Record<string, string> = {}) =>
  runOn(
    stage,
    "pull_request",
    pullRequestEvent(pr, sha, false, before === undefined ? {} : { before }),
    { comment: "summary-only", ...inputs },
  );

const lastCheckRun = (sha: string) =>
  stage.github.checkRuns.filter((c) => c.head_sha === sha).at(-1)!;

beforeAll(async () => {
  stage = await startActionStage({ token: "ghs_recordstokenrecordstokenrecords01" });
});

describe("action review records (built dist/index.js, emulator, fake GitHub)", () => {
  it("action reviews a file whose recorded blob sha was swapped in a forged record, fails on its findings, and a re-run does not launder it", async () => {
    await pushFiles(31, { "pr31/ad.txt": CALM, "pr31/other.txt": CALM });
    const [first] = await review(31, head("1"));
    expect(first.code).toBe(0);
    // The push makes ad.txt a clinical claim.
    await pushFiles(31, { "pr31/ad.txt": CLAIMS, "pr31/other.txt": CALM });
    // Another workflow posts the genuine record on the push's `before`, ad.txt's old blob sha
    // replaced by the new one (any Git user can compute it).
    const genuine = await checkRunText(stage, lastCheckRun(head("1")).id);
    const forgedId = await postCheckRun(
      stage,
      head("1"),
      forgeRecordBlock(
        genuine,
        (r) => ({
          ...r,
          entries: r.entries.map((e) =>
            e.path === "pr31/ad.txt" ? { ...e, contentId: gitBlobSha(CLAIMS) } : e,
          ),
        }),
        ["pr31/ad.txt", "pr31/other.txt"],
      ),
    );

    const [run, spent] = await review(31, head("2"), head("1"));
    expect(spent).toMatchObject({ uploads: 1, submissions: 1, creditsCharged: 1 });
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ status: "failure", "reused-count": "1" });
    expect(Number(run.outputs["critical-count"])).toBeGreaterThan(0);
    const warnings = run.stdout.split("\n").filter((l) => l.includes(`check run ${forgedId}`));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^::warning::The review record of check run \d+ .*does not verify/);
    const assets = (await reportOf(run)).assets;
    expect(assets.map((a) => [a.path, a.reused === null])).toEqual([
      ["pr31/ad.txt", true],
      ["pr31/other.txt", false],
    ]);

    // A re-run reads its own record: ad.txt's genuine review, findings and all.
    const [again, spentAgain] = await review(31, head("2"), head("1"));
    expect(spentAgain).toMatchObject({ uploads: 0, submissions: 0, creditsCharged: 0 });
    expect(again.code).toBe(1);
    expect(again.outputs).toMatchObject({
      status: "failure",
      "reused-count": "2",
      "critical-count": run.outputs["critical-count"],
    });
    expect(stage.github.violations).toEqual([]);
  });

  it.each([
    ["forged (a genuine record, one asset id changed)", "forged"],
    ["signed with another key (a sandbox run)", "other-key"],
    ["unreadable", "broken"],
  ])(
    "action is not hidden from an older genuine record by a newer record that is %s",
    async (_what, kind) => {
      const pr = { forged: 32, "other-key": 33, broken: 34 }[kind]!;
      const sha = head({ forged: "3", "other-key": "4", broken: "5" }[kind]!);
      await pushFiles(pr, { [`pr${pr}/a.txt`]: CALM, [`pr${pr}/b.txt`]: CALM });
      await review(pr, sha);
      const genuine = await checkRunText(stage, lastCheckRun(sha).id);
      const text = {
        forged: forgeRecordBlock(
          genuine,
          (r) => ({
            ...r,
            entries: r.entries.map((e) => ({
              ...e,
              assetId: "00000000-0000-4000-8000-000000000001",
            })),
          }),
          [`pr${pr}/a.txt`, `pr${pr}/b.txt`],
        ),
        "other-key": recordBlock(
          recordOf([entryOf(`pr${pr}/a.txt`, "a", 1)]),
          deriveRecordKey(stage.emu.sandboxKey, LIVE_SCOPE),
          sha,
        ),
        broken: `<!-- content-review:record v4 id=${"0".repeat(32)} part=1/1 bm9wZQ== mac=${"0".repeat(64)} -->`,
      }[kind]!;
      const newer = await postCheckRun(stage, sha, text);
      const [run, spent] = await review(pr, sha);
      expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
      expect(run.outputs).toMatchObject({ "reused-count": "2", credits: "0" });
      expect(run.stdout).toContain(`check run ${newer}`);
    },
  );

  it("action does not verify a sandbox run's record in a live run sharing its record-key: the failing content is reviewed and fails (issue 23, attack 1)", async () => {
    const file = "copy/ad__sandbox_pass__.txt";
    await pushFiles(38, { [file]: CLAIMS });
    const recordKey = "one-record-key-for-both-0123456789";
    // The sandbox workflow passes the file by its marker, and keeps a signed record.
    const [sandbox] = await review(38, head("b"), undefined, {
      "api-key": stage.emu.sandboxKey,
      "check-name": "Content Review (sandbox)",
      "record-key": recordKey,
    });
    expect(sandbox.outputs).toMatchObject({ status: "success", "critical-count": "0" });
    // Anyone with checks: write copies that output into a completed check of the live name.
    const sandboxRun = stage.github.checkRuns.find(
      (c) => c.head_sha === head("b") && c.name === "Content Review (sandbox)",
    )!;
    const copied = await postCheckRun(stage, head("b"), await checkRunText(stage, sandboxRun.id));
    const [live, spent] = await review(38, head("b"), undefined, { "record-key": recordKey });
    expect(spent).toMatchObject({ uploads: 1, submissions: 1 });
    expect(live.code).toBe(1);
    expect(live.outputs).toMatchObject({ status: "failure", "reused-count": "0" });
    expect(Number(live.outputs["critical-count"])).toBeGreaterThan(0);
    expect(live.stdout).toMatch(
      new RegExp(`::warning::The review record of check run ${copied} .*does not verify`),
    );
  });

  it("action keeps the PR's own reuse when a genuine record of the same commit is replayed with a future completed_at (issue 23, attack 2)", async () => {
    await pushFiles(39, { "pr39/a.txt": CALM, "pr39/b.txt": CALM, "pr39/c.txt": CALM });
    // A run over a.txt only, then one over every file: both records are genuine, on one head.
    await review(39, head("c"), undefined, { files: "pr39/a.txt" });
    const small = lastCheckRun(head("c")).id;
    const [all] = await review(39, head("c"));
    expect(all.outputs["reused-count"]).toBe("1");
    // The small record, posted again, dated in 2099: the newest by a date anyone can set.
    const replayed = await fetch(`${stage.github.apiUrl}/repos/octo/media/check-runs`, {
      method: "POST",
      headers: { authorization: `token ${stage.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Content Review",
        head_sha: head("c"),
        status: "completed",
        conclusion: "success",
        completed_at: "2099-01-01T00:00:00Z",
        output: { title: "t", summary: "s", text: await checkRunText(stage, small) },
      }),
    });
    expect(replayed.status).toBe(201);
    const [again, spent] = await review(39, head("c"));
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(again.outputs).toMatchObject({ "reused-count": "3", credits: "0" });
    expect(stage.github.violations).toEqual([]);
  });

  it("action leaves another account's review comment with a copied marker untouched", async () => {
    await pushFiles(35, { "pr35/a.txt": CLAIMS });
    const [first] = await review(35, head("6"), undefined, {
      comment: "review",
      "fail-on": "never",
    });
    expect(first.code).toBe(0);
    const ours = stage.github.reviewComments.filter((c) => c.pull_number === 35);
    expect(ours).toHaveLength(1);
    // Another App's bot posts a comment carrying the Action's marker, on the same file.
    const copied = stage.github.addReviewComment(35, {
      path: "pr35/a.txt",
      body: `Looks fine to me.\n\n${/<!-- content-review:[^>]*-->/.exec(ours[0]!.body)![0]}`,
      user: { login: "helper-bot[bot]", id: 7001, type: "Bot" },
    });
    const body = copied.body;
    // The push takes the claims out: the Action's comment is outdated, the copy is not its own.
    await pushFiles(35, { "pr35/a.txt": CALM });
    const [second] = await review(35, head("7"), head("6"), { comment: "review" });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("PR review: 0 new, 0 updated, 1 marked outdated");
    expect(ours[0]!.body).toContain("Outdated");
    expect(copied).toMatchObject({ body, updates: 0 });
    expect(stage.github.violations).toEqual([]);
  });

  it("action identifies a file by the bytes it uploads, not by the blob sha GitHub lists: a workspace holding another version than the head is reviewed", async () => {
    await pushFiles(37, { "pr37/ad.txt": CALM });
    const [first] = await review(37, head("9"));
    expect(first.code).toBe(0);
    // GitHub lists ad.txt's calm head version again, but the workspace holds another version
    // (a pull_request checkout is the merge with the base branch, or the workflow checked out
    // another ref): the claims in it are what gets uploaded, so they are what is reviewed.
    stage.github.addPullRequest(37, [
      { filename: "pr37/ad.txt", status: "modified", content: CALM },
    ]);
    await writeFiles(stage, { "pr37/ad.txt": CLAIMS });
    const [run, spent] = await review(37, head("a"), head("9"));
    expect(spent).toMatchObject({ uploads: 1, submissions: 1, creditsCharged: 1 });
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ status: "failure", "reused-count": "0" });
    expect(Number(run.outputs["critical-count"])).toBeGreaterThan(0);
  });

  it("action signs with record-key when set: the same key reuses, a rotated one reviews every file once, and the key is never logged", async () => {
    await pushFiles(36, { "pr36/a.txt": CALM, "pr36/b.txt": CALM });
    const first = "record-key-one-0123456789abcdef";
    const second = "record-key-two-0123456789abcdef";
    const [signed] = await review(36, head("8"), undefined, { "record-key": first });
    const [same, sameSpent] = await review(36, head("8"), undefined, { "record-key": first });
    expect(sameSpent.uploads).toBe(0);
    expect(same.outputs["reused-count"]).toBe("2");
    // A new record-key does not verify the old one's records: a change of key costs one review.
    const [rotated, rotatedSpent] = await review(36, head("8"), undefined, {
      "record-key": second,
    });
    expect(rotatedSpent).toMatchObject({ uploads: 2, creditsCharged: 2 });
    expect(rotated.outputs["reused-count"]).toBe("0");
    expect(rotated.stdout).toContain("does not verify");
    const [after, afterSpent] = await review(36, head("8"), undefined, { "record-key": second });
    expect(afterSpent.uploads).toBe(0);
    expect(after.outputs["reused-count"]).toBe("2");
    for (const run of [signed, same, rotated, after]) {
      const out = `${run.stdout}\n${run.stderr}`;
      for (const key of [first, second])
        expect(out.split(key).length - 1).toBe(out.includes(`::add-mask::${key}`) ? 1 : 0);
    }
  });
});
