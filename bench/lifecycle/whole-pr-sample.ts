// One sample of the 3,000-file pull request of bench/lifecycle: a first run, then a re-run of
// the same head, with incremental review on or off (the baseline). What the re-run costs is the
// result: with the whole pull request's record kept, nothing.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pullRequestEvent } from "../../test/e2e/action-harness.ts";
import { type Ledger, startBenchServers, TEXTS } from "../bench-servers.ts";

/** What a re-run of the whole pull request cost. */
export interface WholePrSample {
  readonly mode: "incremental" | "baseline";
  readonly rerun: Ledger;
  readonly reused: number;
  /** Companion check runs that keep the first run's record's parts past the first. */
  readonly companions: number;
  readonly exitCodes: readonly (number | null)[];
  readonly violations: number;
  /** Wall time of the first run and of the re-run. */
  readonly firstMs: number;
  readonly rerunMs: number;
}

export async function wholePrSample(
  mode: WholePrSample["mode"],
  files: number,
  token: string,
): Promise<WholePrSample> {
  const servers = await startBenchServers(token, "lifecycle-whole-pr");
  const { github, workspace } = servers;
  const inputs = {
    incremental: mode === "incremental" ? "true" : "false",
    comment: "summary-only",
    "upload-concurrency": "32",
  };
  try {
    const contents = Array.from({ length: files }, (_, i) => ({
      filename: `assets/batch-${Math.floor(i / 100)}/copy-${i}.txt`,
      status: "added",
      content: `${TEXTS[i % TEXTS.length]!.trim()} Variant ${i}.\n`,
    }));
    for (const { filename, content } of contents) {
      await mkdir(dirname(join(workspace, filename)), { recursive: true });
      await writeFile(join(workspace, filename), content);
    }
    github.addPullRequest(2, contents);
    // The PR's own count tells a whole list of 3,000 from one GitHub cut there.
    const event = pullRequestEvent(2, "2".repeat(40), false, { changedFiles: files });
    let started = performance.now();
    const first = await servers.review(event, inputs);
    const firstMs = performance.now() - started;
    // Each run keeps its own record: count the companions of the first.
    const companions = github.checkRuns.filter((c) => c.name.includes("(review record, part "));
    const before = await servers.ledger();
    started = performance.now();
    const again = await servers.review(event, inputs);
    const rerunMs = performance.now() - started;
    const after = await servers.ledger();
    for (const run of [first, again])
      if (run.code !== 0) console.error(run.stdout.slice(-2000), run.stderr);
    return {
      mode,
      rerun: {
        uploads: after.uploads - before.uploads,
        submissions: after.submissions - before.submissions,
        assets: after.assets - before.assets,
        creditsCharged: after.creditsCharged - before.creditsCharged,
      },
      reused: Number(again.outputs["reused-count"] ?? 0),
      companions: companions.length,
      exitCodes: [first.code, again.code],
      violations: github.violations.length,
      firstMs,
      rerunMs,
    };
  } finally {
    await servers.close();
  }
}
