// Benchmark of a pull request's whole way to main: three pushes to the pull request, then its
// merge queue entry (`merge_group`), then the push of the merged commit to main, reviewed by the
// built dist/index.js against the emulator (processing 0 s) and the OpenAPI-validating fake
// GitHub, with incremental review on and off (the baseline). Counts uploads, submissions and
// credits against the minimum possible: one review per file version. Then a pull request of
// 3,000 files (GitHub lists no more), run and re-run on the same head: what the re-run costs.
// Then 10,000 PNGs with UUID-style paths, run and re-run once (one round: it is the slowest).
// Usage: npm run bench:lifecycle [-- --runs 1 --files 8 --large-files 3000 --uuid-files 10000].
// Writes bench/lifecycle/RESULTS.md.
import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { pullRequestEvent } from "../../test/e2e/action-harness.ts";
import { type Ledger, startBenchServers, TEXTS } from "../bench-servers.ts";
import { inTurn } from "../in-turn.ts";
import { median } from "../median.ts";
import { uuidRerunSample } from "./uuid-rerun-sample.ts";
import { type WholePrSample, wholePrSample } from "./whole-pr-sample.ts";

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    files: { type: "string", default: "8" },
    "large-files": { type: "string", default: "3000" },
    "uuid-files": { type: "string", default: "10000" },
  },
});
const LARGE_FILES = Number(values["large-files"]);
const UUID_FILES = Number(values["uuid-files"]);
const RUNS = Number(values.runs);
const FILES = Number(values.files);
/** Pushes to the pull request: the first adds the files, each later one changes one file. */
const PUSHES = 3;
const TOKEN = "ghs_benchlifecycletokenbenchlifecy01";
const STAGES = ["PR push 1", "PR push 2", "PR push 3", "merge group", "push to main"] as const;

type Mode = "incremental" | "baseline";

interface Sample {
  mode: Mode;
  /** What each stage cost, in STAGES order. */
  stages: Ledger[];
  reused: number[];
  exitCodes: (number | null)[];
  violations: number;
  ms: number;
}

async function sample(mode: Mode): Promise<Sample> {
  const servers = await startBenchServers(TOKEN, "lifecycle");
  const { github, workspace } = servers;
  const inputs = { incremental: mode === "incremental" ? "true" : "false" };
  const stages: Ledger[] = [];
  const reused: number[] = [];
  const exitCodes: (number | null)[] = [];
  const started = performance.now();
  try {
    const files = new Map<string, string>();
    for (let i = 0; i < FILES; i++)
      files.set(`media/asset-${String(i).padStart(2, "0")}.txt`, TEXTS[i % TEXTS.length]!);
    const step = async (run: () => ReturnType<typeof servers.review>) => {
      const before = await servers.ledger();
      const result = await run();
      const after = await servers.ledger();
      stages.push({
        uploads: after.uploads - before.uploads,
        submissions: after.submissions - before.submissions,
        assets: after.assets - before.assets,
        creditsCharged: after.creditsCharged - before.creditsCharged,
      });
      reused.push(Number(result.outputs["reused-count"] ?? 0));
      exitCodes.push(result.code);
      if (result.code !== 0) console.error(result.stdout.slice(-2000), result.stderr);
    };
    const main = github.addCommit({ branch: "main", files: { "README.md": "Media.\n" } });
    let head = main;
    for (let push = 0; push < PUSHES; push++) {
      if (push > 0) {
        const path = [...files.keys()][push - 1]!;
        files.set(path, `${files.get(path)!.trim()} Version ${push + 1}: act now!\n`);
      }
      for (const [path, text] of files) {
        await mkdir(dirname(join(workspace, path)), { recursive: true });
        await writeFile(join(workspace, path), text);
      }
      const before = head;
      head = github.addCommit({ parents: [before], files: Object.fromEntries(files) });
      if (push === 0) github.openPullRequest({ number: 1, head });
      else github.pushPullRequest(1, head);
      await step(() =>
        servers.review(pullRequestEvent(1, head, false, push > 0 ? { before } : {}), inputs),
      );
    }
    // The queue commit, then the squash commit, hold the pull request's last versions.
    const group = github.createMergeGroup(1);
    await step(() => servers.review(github.mergeGroupEvent(group), inputs, "merge_group"));
    const merged = github.mergePullRequest(1, { method: "squash" });
    await step(() => servers.review(github.pushEvent(merged), inputs, "push"));
    return {
      mode,
      stages,
      reused,
      exitCodes,
      violations: github.violations.length,
      ms: performance.now() - started,
    };
  } finally {
    await servers.close();
  }
}

const samples: Sample[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const mode of inTurn<Mode>(i, ["incremental", "baseline"])) {
    const s = await sample(mode);
    samples.push(s);
    const credits = s.stages.reduce((n, l) => n + l.creditsCharged, 0);
    console.log(
      `round ${i + 1}/${RUNS} ${mode}: ${credits} credits, stages ${s.stages.map((l) => l.creditsCharged).join("/")}, exits ${s.exitCodes.join(",")}`,
    );
  }
}

const large: WholePrSample[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const mode of inTurn<Mode>(i, ["incremental", "baseline"])) {
    const s = await wholePrSample(mode, LARGE_FILES, TOKEN);
    large.push(s);
    console.log(
      `round ${i + 1}/${RUNS} ${LARGE_FILES} files ${mode}: re-run ${s.rerun.creditsCharged} credits, ${s.reused} reused, ${(s.rerunMs / 1000).toFixed(1)} s, exits ${s.exitCodes.join(",")}`,
    );
  }
}
const uuid = await uuidRerunSample(UUID_FILES, TOKEN);
console.log(
  `${UUID_FILES} UUID-named files: first run ${uuid.first.creditsCharged} credits, re-run ${uuid.rerun.uploads} uploads and ${uuid.rerun.creditsCharged} credits, ${uuid.reused} reused, exits ${uuid.exitCodes.join(",")}`,
);
const largeOf = (mode: Mode, pick: (s: WholePrSample) => number) =>
  median(large.filter((s) => s.mode === mode).map(pick));
const rerunRatio = largeOf("incremental", (s) => s.rerunMs) / largeOf("baseline", (s) => s.rerunMs);

const of = (mode: Mode) => samples.filter((s) => s.mode === mode);
const versions = FILES + PUSHES - 1;
const sum = (s: Sample, pick: (l: Ledger) => number) => s.stages.reduce((n, l) => n + pick(l), 0);
const med = (mode: Mode, pick: (s: Sample) => number) => median(of(mode).map(pick));
/** The least each stage can cost: new file versions only (one review each). */
const minimum = [FILES, 1, 1, 0, 0];
const lines = [
  "# Lifecycle benchmark: pull request, merge queue, main",
  "",
  `One pull request of ${FILES} text files and ${PUSHES} pushes (the first adds the files, each later one changes one file: ${versions} file versions in all), then its merge queue entry (\`merge_group\`, \`checks_requested\`) and the push of its squash commit to \`main\`, each reviewed by the built \`dist/index.js\` against the emulator with processing set to 0 s and the OpenAPI-validating GitHub stand-in (\`emulator/github\`), its Git history giving the pull request, the queue commit and the squash commit. The sequence runs with \`incremental: true\` and with \`incremental: false\` (the baseline), each on a fresh emulator whose ledger counts what was uploaded, submitted and charged. ${RUNS} ${RUNS === 1 ? "round" : "rounds"}; medians. Reproduce with \`npm run bench:lifecycle\`.`,
  "",
  `- Node ${process.version} on ${process.platform}/${process.arch}, ${cpus().length} cores.`,
  `- Exit codes: all ${samples.every((s) => s.exitCodes.every((c) => c === 0)) ? "0" : samples.map((s) => s.exitCodes.join(",")).join("; ")}; OpenAPI violations: ${samples.map((s) => s.violations).join(", ")}.`,
  "",
  "## The whole way",
  "",
  "| Measure (median) | `incremental: true` | `incremental: false` (baseline) | Minimum possible |",
  "| --- | ---: | ---: | ---: |",
  ...(
    [
      ["Uploads", (l: Ledger) => l.uploads, `${versions} (one per file version)`],
      [
        "Submissions",
        (l: Ledger) => l.submissions,
        `${PUSHES} (one per push that brings a new version)`,
      ],
      ["Credits charged", (l: Ledger) => l.creditsCharged, `${versions} (1 a text file version)`],
    ] as const
  ).map(
    ([label, pick, min]) =>
      `| ${label} | ${med("incremental", (s) => sum(s, pick))} | ${med("baseline", (s) => sum(s, pick))} | ${min} |`,
  ),
  "",
  "## Stage by stage (credits charged, files reused)",
  "",
  "| Stage | `incremental: true` | `incremental: false` | Minimum credits |",
  "| --- | ---: | ---: | ---: |",
  ...STAGES.map(
    (stage, i) =>
      `| ${stage} | ${med("incremental", (s) => s.stages[i]!.creditsCharged)} (${med("incremental", (s) => s.reused[i]!)} reused) | ${med("baseline", (s) => s.stages[i]!.creditsCharged)} (${med("baseline", (s) => s.reused[i]!)} reused) | ${minimum[i]} |`,
  ),
  "",
  `With incremental review each file version is reviewed, uploaded and paid for once, the minimum possible: the merge queue entry and the push to \`main\` reuse the pull request's signed records (the queue entry's pull request from its queue branch name, the pushed commit's from \`commits/{sha}/pulls\`) and read the recorded findings back, uploading, submitting and charging nothing. The baseline pays for every file of the pull request on every run: ${med("baseline", (s) => sum(s, (l) => l.creditsCharged))} credits for ${versions} file versions.`,
  "",
  `## A pull request of ${LARGE_FILES} files, re-run`,
  "",
  `One pull request of ${LARGE_FILES} text files (GitHub lists no more), reviewed once and then re-run on the same head (a re-run of the job, or a run after a push that changed nothing reviewed), in the same rounds as above, alternating which mode goes first. The record of the whole pull request is larger than one check run's 65,535 characters; it is kept in parts, the first in the check run's text and the others in ${largeOf("incremental", (s) => s.companions)} companion check runs (\`Content Review (review record, part N)\`), each signed and bound to the others.`,
  "",
  "| The re-run (median) | `incremental: true` | `incremental: false` (baseline) |",
  "| --- | ---: | ---: |",
  ...(
    [
      ["Uploads", (s: WholePrSample) => s.rerun.uploads],
      ["Submissions", (s: WholePrSample) => s.rerun.submissions],
      ["Credits charged", (s: WholePrSample) => s.rerun.creditsCharged],
      ["Files reused", (s: WholePrSample) => s.reused],
    ] as const
  ).map(
    ([label, pick]) =>
      `| ${label} | ${largeOf("incremental", pick)} | ${largeOf("baseline", pick)} |`,
  ),
  `| Wall time | ${(largeOf("incremental", (s) => s.rerunMs) / 1000).toFixed(1)} s | ${(largeOf("baseline", (s) => s.rerunMs) / 1000).toFixed(1)} s |`,
  "",
  `The re-run with incremental review takes ${rerunRatio.toFixed(2)}× the baseline's time (it reads ${LARGE_FILES} recorded reviews back, two requests a file, instead of uploading and reviewing ${LARGE_FILES} files) and costs nothing. First runs: ${(largeOf("incremental", (s) => s.firstMs) / 1000).toFixed(1)} s (incremental, which also writes the record) and ${(largeOf("baseline", (s) => s.firstMs) / 1000).toFixed(1)} s (baseline). Exit codes: ${large.every((s) => s.exitCodes.every((c) => c === 0)) ? "all 0" : large.map((s) => s.exitCodes.join(",")).join("; ")}; OpenAPI violations: ${large.map((s) => s.violations).join(", ")}.`,
  "",
  `## ${UUID_FILES} files with UUID-style paths, re-run`,
  "",
  `${UUID_FILES} PNG files named \`<uuid>/<uuid>.png\` (a folder and a name of 36 characters each, as random as real ones), reviewed by a \`workflow_dispatch\` run (every matching file of the workspace, no listing limit) and then re-run on the same commit: one round, the slowest part of this benchmark. The record names files by a 64-bit hash of the path, so its size does not depend on the paths: ${uuid.companions} companion check runs keep its parts past the first. The first run's cost is the baseline (what every run would pay without the record).`,
  "",
  "| | First run (baseline) | Re-run |",
  "| --- | ---: | ---: |",
  `| Uploads | ${uuid.first.uploads} | ${uuid.rerun.uploads} |`,
  `| Submissions | ${uuid.first.submissions} | ${uuid.rerun.submissions} |`,
  `| Credits charged | ${uuid.first.creditsCharged} | ${uuid.rerun.creditsCharged} |`,
  `| Files reused | 0 | ${uuid.reused} |`,
  `| Wall time | ${(uuid.firstMs / 1000).toFixed(1)} s | ${(uuid.rerunMs / 1000).toFixed(1)} s |`,
  "",
  `Exit codes: ${uuid.exitCodes.join(", ")}; OpenAPI violations: ${uuid.violations}.`,
  "",
  `Wall time of the whole sequence: ${(med("incremental", (s) => s.ms) / 1000).toFixed(1)} s (incremental) and ${(med("baseline", (s) => s.ms) / 1000).toFixed(1)} s (baseline), on a machine shared with other work; counts, not times, are the result here.`,
  "",
];
await writeFile(resolve(here, "RESULTS.md"), lines.join("\n"));
console.log(lines.join("\n"));
