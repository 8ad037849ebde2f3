import { beforeAll, describe, expect, it } from "vitest";
import { recordPartName } from "../../src/action/incremental/review-record-block.ts";
import { pullRequestEvent } from "./action-harness.ts";
import { CALM, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

/** GitHub lists at most 3,000 files of a pull request. */
const FILES = 3_000;

let stage: Stage;

beforeAll(async () => {
  stage = await startActionStage({ token: "ghs_wholeprtokenwholeprtokenwholepr01" });
});

describe("action record of a whole pull request (built dist/index.js, emulator, GitHub stand-in)", () => {
  it("action re-runs a 3,000-file pull request for 0 credits: its record, split over companion check runs within GitHub's limits, reuses every review", async () => {
    const files = Object.fromEntries(
      Array.from({ length: FILES }, (_, i) => [
        `assets/batch-${Math.floor(i / 100)}/copy-${i}.txt`,
        `${CALM}Variant ${i}.\n`,
      ]),
    );
    await writeFiles(stage, files);
    stage.github.addPullRequest(
      60,
      Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
    );
    // GitHub's list stops at 3,000: the PR's own count says this one is whole.
    const event = pullRequestEvent(60, "6".repeat(40), false, { changedFiles: FILES });
    const inputs = { comment: "summary-only", "upload-concurrency": "32" };
    const [first, firstSpent] = await runOn(stage, "pull_request", event, inputs);
    expect(first.code).toBe(0);
    expect(firstSpent).toMatchObject({ uploads: FILES, submissions: 1 });
    expect(first.stdout).not.toContain("too large");
    // The record's parts past the first, one companion check run each, named in order.
    const companions = stage.github.checkRuns.filter((c) => c.name !== "Content Review");
    expect(companions.length).toBeGreaterThan(0);
    expect(companions.map((c) => c.name)).toEqual(
      companions.map((_, i) => recordPartName("Content Review", i + 2)),
    );
    expect(companions.every((c) => c.conclusion === "neutral")).toBe(true);

    const [again, spent] = await runOn(stage, "pull_request", event, inputs);
    expect(again.code).toBe(0);
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(again.outputs).toMatchObject({ "reused-count": String(FILES), credits: "0" });
    expect(stage.github.violations).toEqual([]);
  });
});
