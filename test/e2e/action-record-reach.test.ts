import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { spentDuring } from "../helpers/spent-during.ts";
import { pullRequestEvent, runAction } from "./action-harness.ts";
import { CALM, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

let stage: Stage;

/** The files of pull request `pr`, in the workspace and in the stand-in's listing. */
async function seed(pr: number, files: Record<string, string>): Promise<void> {
  await writeFiles(stage, files);
  stage.github.addPullRequest(
    pr,
    Object.entries(files).map(([filename, content]) => ({ filename, status: "added", content })),
  );
}

/** Runs the built Action on pull request `pr` in `repository`, with `env`. */
const review = (
  pr: number,
  options: { repository?: string; env?: Record<string, string>; inputs?: Record<string, string> },
) =>
  spentDuring(stage.emu.baseUrl, () =>
    runAction({
      inputs: {
        "api-key": stage.emu.liveKey,
        "base-url": stage.emu.baseUrl,
        "sidekick-ids": "brand",
        comment: "summary-only",
        ...options.inputs,
      },
      eventName: "pull_request",
      event: pullRequestEvent(pr, String(pr % 10).repeat(40)),
      workspace: stage.workspace,
      githubApiUrl: stage.github.apiUrl,
      githubToken: stage.token,
      ...(options.repository === undefined ? {} : { repository: options.repository }),
      ...(options.env === undefined ? {} : { env: options.env }),
    }),
  );

/**
 * A path of 4,000 characters that compresses as badly as real ones: 19 folders of 200
 * characters of base64url from a digest chain, and a file name that fills the rest (a file
 * system keeps each name under 255).
 */
function longPath(i: number): string {
  let seed = `file ${i}`;
  let text = "";
  while (text.length < 4_000) {
    seed = createHash("sha512").update(seed).digest("base64url");
    text += seed;
  }
  const folders = Array.from({ length: 19 }, (_, k) => text.slice(k * 200, (k + 1) * 200));
  const name = `${i}.txt`;
  const dir = `${folders.join("/")}/`;
  return `${dir}${text.slice(3_800, 3_800 + 4_000 - dir.length - name.length)}${name}`;
}

beforeAll(async () => {
  stage = await startActionStage({ token: "ghs_recordreachtokenrecordreachtok01" });
});

describe("action records of any path and any repository name (built dist/index.js, emulator, GitHub stand-in)", () => {
  it("action re-runs 300 files with 4,000-character paths for 0 uploads: their record does not grow with the paths", {
    timeout: 120_000,
  }, async () => {
    const files = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [longPath(i), `${CALM}Variant ${i}.\n`]),
    );
    expect(Object.keys(files).every((p) => p.length === 4_000)).toBe(true);
    await seed(71, files);
    const inputs = { "upload-concurrency": "16" };
    const [first, firstSpent] = await review(71, { inputs });
    expect(first.code).toBe(0);
    expect(firstSpent).toMatchObject({ uploads: 300 });
    expect(first.stdout).not.toContain("too large");
    const [again, spent] = await review(71, { inputs });
    expect(again.code).toBe(0);
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(again.outputs).toMatchObject({ "reused-count": "300", credits: "0" });
    expect(stage.github.violations).toEqual([]);
  });

  it("action in a renamed repository with the same GITHUB_REPOSITORY_ID reuses the records made under the old name", {
    // Four runs of the Action.
    timeout: 120_000,
  }, async () => {
    await seed(72, { "pr72/a.txt": CALM, "pr72/b.txt": CALM.replace("calm", "quiet") });
    const env = { GITHUB_REPOSITORY_ID: "424242" };
    const [first, firstSpent] = await review(72, { env });
    expect(first.code).toBe(0);
    expect(firstSpent).toMatchObject({ uploads: 2 });
    stage.github.renameRepository("acme/renamed-media");
    try {
      const [renamed, spent] = await review(72, { env, repository: "acme/renamed-media" });
      expect(renamed.code).toBe(0);
      expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
      expect(renamed.outputs).toMatchObject({ "reused-count": "2", credits: "0" });
      // Without the id, the record is bound to the name: under the new name it does not verify.
      const [unnamed, unnamedSpent] = await review(72, { repository: "acme/renamed-media" });
      expect(unnamedSpent).toMatchObject({ uploads: 2 });
      expect(unnamed.stdout).toContain("does not verify");
    } finally {
      stage.github.renameRepository("octo/media");
    }
    expect(stage.github.violations).toEqual([]);
  });
});
