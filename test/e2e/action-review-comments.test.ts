import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator/index.ts";
import { startFakeGithub } from "../fakes/github/index.ts";
import { pullRequestEvent } from "./action-harness.ts";
import { CLAIMS, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";

let stage: Stage;

beforeAll(async () => {
  const token = "ghs_reviewcommentstokenreviewcomme01";
  stage = {
    emu: await startEmulator({ port: 0, processingSeconds: 0 }),
    github: await startFakeGithub({ token }),
    workspace: await mkdtemp(join(tmpdir(), "content-review-comments-")),
    token,
  };
});

afterAll(async () => {
  await stage?.github.close();
  await stage?.emu.close();
  if (stage !== undefined) await rm(stage.workspace, { recursive: true, force: true });
});

describe("action review comments (built dist/index.js, emulator, GitHub stand-in)", () => {
  it("action gets the stand-in's 422 for a line comment outside the diff, falls back to single comments, and warns once", async () => {
    await writeFiles(stage, { "pr37/a.txt": CLAIMS });
    const listed = (patch: string) =>
      stage.github.addPullRequest(37, [
        { filename: "pr37/a.txt", status: "modified", content: CLAIMS, patch },
      ]);
    // The claim is on line 1, part of the diff when the Action lists the files...
    listed(`@@ -1 +1 @@\n-${"A calm line."}\n+${CLAIMS.trim()}`);
    const [run] = await runOn(
      stage,
      "pull_request",
      pullRequestEvent(37, "7".repeat(40)),
      { "fail-on": "never" },
      (line) => {
        // ...and not any more when it posts: a push narrowed the diff to line 5 meanwhile.
        if (line.includes("of them match")) listed("@@ -5 +5 @@\n-old\n+new");
        return undefined;
      },
    );
    expect(run.code).toBe(0);
    const refusals = stage.github.requests.filter(
      (r) => r.path.startsWith("/repos/octo/media/pulls/37/") && r.status === 422,
    );
    expect(refusals.map((r) => r.operationId)).toEqual([
      "pulls/create-review",
      "pulls/create-review-comment",
    ]);
    const warnings = run.stdout.match(/::warning::Could not post the review comments[^\n]*/g);
    expect(warnings).toHaveLength(1);
    expect(warnings![0]).toContain("part of the diff");
    // The findings still stand where nothing was refused: the check run's annotations.
    const check = stage.github.checkRuns.filter((c) => c.head_sha === "7".repeat(40)).at(-1)!;
    expect(check.annotations.map((a) => a["path"])).toContain("pr37/a.txt");
  });
});
