import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { pullRequestEvent } from "./action-harness.ts";
import { CLAIMS, reportOf, runOn, type Stage, writeFiles } from "./review-lifecycle.ts";
import { startActionStage } from "./start-action-stage.ts";

// The gate's holes an attacker review found (issues 30 and 32): each case is a pull request
// that passed, or was never reviewed, before its fix.
let stage: Stage;
let nextPr = 80;

beforeAll(async () => {
  stage = await startActionStage({ token: "ghs_gatetokengatetokengatetokengate01" });
  stage.github.addCommit({ branch: "main", files: { "README.md": "Media.\n" } });
});

/** Opens a pull request adding `files` (written to the workspace too) and runs the Action on it. */
async function openAndRun(
  files: Record<string, string>,
  inputs: Record<string, string> = {},
  prepare: () => Promise<void> = async () => {},
) {
  const number = nextPr++;
  const base = stage.github.state.git.resolve("main")!.sha;
  const head = stage.github.addCommit({ parents: [base], files });
  await prepare();
  stage.github.openPullRequest({ number, head });
  const event = pullRequestEvent(number, head, false, { baseSha: base });
  const again = () => runOn(stage, "pull_request", event, { comment: "summary-only", ...inputs });
  const [run, spent] = await again();
  return [run, spent, again] as const;
}

describe("the Action's gate", () => {
  it("reviews a mixed-case extension under the default files", { timeout: 120_000 }, async () => {
    const files = { "mixed/ad.Txt": CLAIMS };
    const [run, spent] = await openAndRun(files, {}, () => writeFiles(stage, files));
    expect(spent.uploads).toBe(1);
    expect((await reportOf(run)).assets.map((a) => a.path)).toEqual(["mixed/ad.Txt"]);
  });

  it("warns of a changed file a given pattern misses only by case", {
    timeout: 120_000,
  }, async () => {
    const files = { "case/ad.Txt": CLAIMS };
    const [run] = await openAndRun(files, { files: "case/**/*.txt" }, () =>
      writeFiles(stage, files),
    );
    expect(run.stdout).toContain("::warning file=case/ad.Txt::case/ad.Txt is of a supported type");
  });

  it("fails on a matching file that is a symbolic link", { timeout: 120_000 }, async () => {
    const [run, spent] = await openAndRun(
      { "linked/payload.bin": CLAIMS, "linked/ad.txt": "payload.bin" },
      { files: "linked/**/*.txt" },
      async () => {
        await writeFiles(stage, { "linked/payload.bin": CLAIMS });
        await symlink("payload.bin", join(stage.workspace, "linked/ad.txt"));
      },
    );
    expect(spent.uploads).toBe(0);
    expect(run.outputs["status"]).toBe("failure");
    expect(run.code).not.toBe(0);
    expect((await reportOf(run)).conclusion).toBe("failure");
  });

  it("refuses an accepted file read through a linked folder", { timeout: 120_000 }, async () => {
    const files = { "claims/claim.txt": CLAIMS };
    const inputs = { files: "claims/claim.txt" };
    const [first, , again] = await openAndRun(files, inputs, () => writeFiles(stage, files));
    expect(first.outputs["status"]).toBe("failure");
    const report = JSON.parse(await readFile(first.outputs["report-path"]!, "utf8"));
    const content = report.assets.find((a: { path: string }) => a.path === "claims/claim.txt")
      .content as string;
    await mkdir(join(stage.workspace, "notes"), { recursive: true });
    await writeFile(
      join(stage.workspace, "notes/accepted.yml"),
      `accepted:\n  - path: claims/claim.txt\n    content: ${content}\n    issue: "*"\n    reason: self-approved\n    accepted-by: "@me"\n    expires: 2099-01-01\n`,
    );
    await symlink("notes", join(stage.workspace, ".content-review"));
    const [second] = await again();
    expect(second.outputs["accepted-count"]).toBe("0");
    expect(second.outputs["status"]).toBe("failure");
    expect(second.stdout).toContain(
      "::error file=.content-review::.content-review is a symbolic link",
    );
  });

  it("reviews a changed file under a folder named node_modules", { timeout: 120_000 }, async () => {
    const files = { "site/node_modules/promo/ad.txt": CLAIMS };
    const [run, spent] = await openAndRun(files, { files: "site/**/*.txt" }, () =>
      writeFiles(stage, files),
    );
    expect(spent.uploads).toBe(1);
    expect((await reportOf(run)).assets.map((a) => a.path)).toEqual([
      "site/node_modules/promo/ad.txt",
    ]);
  });
});
