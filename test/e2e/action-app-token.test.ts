import { beforeAll, describe, expect, it } from "vitest";
import { recordPartName } from "../../src/action/incremental/review-record-block.ts";
import { pullRequestEvent } from "./action-harness.ts";
import { recordPartCapacity } from "./record-part-capacity.ts";
import { CALM, CLAIMS, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

/** The repository's own GitHub App, whose installation token the Action runs with. */
const APP = { id: 90210, slug: "content-review-gate", name: "Content Review Gate", botId: 190210 };
const APP_TOKEN = "ghs_apptokenapptokenapptokenapptok01";
const ACTIONS_TOKEN = "ghs_actionstokenactionstokenaction01";
/**
 * Enough files that the record continues in companion check runs: a tenth more than the check
 * run's own text holds, as the measured record's header differs from the run's by a few bytes.
 */
const FILES = Math.ceil(recordPartCapacity() * 1.1);

let stage: Stage;

beforeAll(async () => {
  const started = await startActionStage({
    token: ACTIONS_TOKEN,
    github: { otherApps: { [APP_TOKEN]: APP } },
  });
  // The Action's github-token: the App's, as actions/create-github-app-token gives it.
  stage = { ...started, token: APP_TOKEN };
});

/** Pull request 80 at head `head`: `files` in the workspace and in GitHub's listing. */
async function push(head: string, files: Record<string, string>) {
  await writeFiles(stage, files);
  stage.github.addPullRequest(
    80,
    Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
  );
  return head;
}

describe("action under a GitHub App's token (built dist/index.js, emulator, GitHub stand-in)", () => {
  it("action with an App's token keeps its record in the App's check runs with their companions, comments as <slug>[bot], and on the next push reuses the record and marks its own comment outdated", {
    timeout: 180_000,
  }, async () => {
    const files: Record<string, string> = Object.fromEntries(
      Array.from({ length: FILES - 1 }, (_, i) => [
        `assets/batch-${Math.floor(i / 100)}/copy-${i}.txt`,
        `${CALM}Variant ${i}.\n`,
      ]),
    );
    const inputs = { comment: "review", "fail-on": "never", "upload-concurrency": "32" };
    const first = await push("1".repeat(40), { ...files, "pr80/ad.txt": CLAIMS });
    const [run, spent] = await runOn(
      stage,
      "pull_request",
      pullRequestEvent(80, first, false, { changedFiles: FILES }),
      inputs,
    );
    expect(run.code).toBe(0);
    expect(spent.uploads).toBe(FILES);
    const runs = stage.github.checkRuns.filter((c) => c.head_sha === first);
    const companions = runs.filter((c) => c.name !== "Content Review");
    expect(companions.length).toBeGreaterThan(0);
    expect(companions.map((c) => c.name)).toEqual(
      companions.map((_, i) => recordPartName("Content Review", i + 2)),
    );
    expect(runs.every((c) => c.app.id === APP.id)).toBe(true);
    const [comment] = stage.github.reviewComments.filter((c) => c.path === "pr80/ad.txt");
    expect(comment?.user).toEqual({
      login: "content-review-gate[bot]",
      id: APP.botId,
      type: "Bot",
    });

    // The claim is fixed: only that file is new; every other review comes from the App's record.
    const second = await push("2".repeat(40), { ...files, "pr80/ad.txt": CALM });
    const [again, spentAgain] = await runOn(
      stage,
      "pull_request",
      pullRequestEvent(80, second, false, { before: first, changedFiles: FILES }),
      inputs,
    );
    expect(again.code).toBe(0);
    expect(spentAgain).toMatchObject({ uploads: 1, creditsCharged: 1 });
    expect(again.outputs).toMatchObject({ "reused-count": String(FILES - 1), credits: "1" });
    expect(again.stdout).toContain("PR review: 0 new, 0 updated, 1 marked outdated");
    expect(comment?.body).toContain("Outdated: no findings here");
    const lookups = stage.github.requests.filter((r) => r.operationId === "users/get-by-username");
    expect(lookups.map((r) => r.path)).toEqual(["/users/content-review-gate%5Bbot%5D"]);
    expect(stage.github.violations).toEqual([]);
  });
});
