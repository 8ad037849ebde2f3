// Benchmark of incremental review: a 20-file pull request, then 5 pushes that each change one
// file, reviewed by the built dist/index.js against the emulator (processing 0 s) and the
// OpenAPI-validating fake GitHub, with incremental review on and off (the baseline), alternating
// in the same run. Usage: npm run bench:incremental [-- --runs 3 --files 20 --pushes 5].
// Writes bench/incremental/RESULTS.md.
import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { pullRequestEvent } from "../../test/e2e/action-harness.ts";
import { startBenchServers, TEXTS } from "../bench-servers.ts";
import { inTurn } from "../in-turn.ts";
import { median } from "../median.ts";

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    files: { type: "string", default: "20" },
    pushes: { type: "string", default: "5" },
  },
});
const RUNS = Number(values.runs);
const FILES = Number(values.files);
const PUSHES = Number(values.pushes);
const TOKEN = "ghs_benchincrementaltokenbenchincr01";

type Mode = "incremental" | "baseline";

interface Sequence {
  mode: Mode;
  /** Wall time of each Action run: the PR's first run, then one per push. */
  runMs: number[];
  uploads: number;
  submissions: number;
  assets: number;
  credits: number;
  /** Result reads (topics + asset read), fresh and reused. */
  resultReads: number;
  reused: number;
  /** GitHub requests that write (check runs, reviews, comments), spaced a second apart. */
  githubWrites: number;
  exitCodes: (number | null)[];
  violations: number;
  /** Files the last run's report shows, with the issues they hold. */
  lastFiles: number;
  lastIssues: number;
}

const head = (n: number) => (n + 1).toString(16).padStart(40, "0");

async function sequence(mode: Mode): Promise<Sequence> {
  const servers = await startBenchServers(TOKEN, "incremental");
  const { github, workspace, service } = servers;
  try {
    const files = new Map<string, string>();
    for (let i = 0; i < FILES; i++)
      files.set(`media/asset-${String(i).padStart(2, "0")}.txt`, TEXTS[i % TEXTS.length]!);
    const runMs: number[] = [];
    const exitCodes: (number | null)[] = [];
    let reused = 0;
    let last = { files: 0, issues: 0 };
    for (let push = 0; push <= PUSHES; push++) {
      if (push > 0) {
        // Each push changes one more file: a new version of it, with a new finding.
        const path = [...files.keys()][push - 1]!;
        files.set(path, `${files.get(path)!.trim()} Version ${push + 1}: act now!\n`);
      }
      for (const [path, text] of files) {
        await mkdir(dirname(join(workspace, path)), { recursive: true });
        await writeFile(join(workspace, path), text);
      }
      github.addPullRequest(
        1,
        [...files].map(([filename, content]) => ({ filename, status: "added", content })),
      );
      const started = performance.now();
      const run = await servers.review(
        pullRequestEvent(1, head(push), false, push > 0 ? { before: head(push - 1) } : {}),
        { incremental: mode === "incremental" ? "true" : "false" },
      );
      runMs.push(performance.now() - started);
      exitCodes.push(run.code);
      if (run.code !== 0) console.error(run.stdout.slice(-2000), run.stderr);
      reused += Number(run.outputs["reused-count"] ?? 0);
      last = {
        files: (run.summary.match(/^\| `media\//gm) ?? []).length,
        issues: Number(run.outputs["issue-count"] ?? 0),
      };
    }
    const ledger = await servers.ledger();
    return {
      mode,
      runMs,
      uploads: ledger.uploads,
      submissions: ledger.submissions,
      assets: ledger.assets,
      credits: ledger.creditsCharged,
      resultReads: (service["listAssetTopics"] ?? 0) + (service["getAsset"] ?? 0),
      reused,
      githubWrites: github.requests.filter((r) => r.method !== "GET").length,
      exitCodes,
      violations: github.violations.length,
      lastFiles: last.files,
      lastIssues: last.issues,
    };
  } finally {
    await servers.close();
  }
}

const samples: Sequence[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const mode of inTurn<Mode>(i, ["incremental", "baseline"])) {
    const sample = await sequence(mode);
    samples.push(sample);
    const total = sample.runMs.reduce((a, b) => a + b, 0);
    console.log(
      `round ${i + 1}/${RUNS} ${mode}: ${(total / 1000).toFixed(1)} s, ${sample.uploads} uploads, ${sample.credits} credits, exits ${sample.exitCodes.join(",")}`,
    );
  }
}

const of = (mode: Mode) => samples.filter((s) => s.mode === mode);
const med = (mode: Mode, pick: (s: Sequence) => number) => median(of(mode).map(pick));
const total = (s: Sequence) => s.runMs.reduce((a, b) => a + b, 0);
const pushRuns = (s: Sequence) => median(s.runMs.slice(1));
const versions = FILES + PUSHES;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ratio = (a: number, b: number) => (b === 0 ? "-" : `${(a / b).toFixed(2)}×`);
const row = (
  label: string,
  pick: (s: Sequence) => number,
  minimum: string,
  format: (n: number) => string = String,
) =>
  `| ${label} | ${format(med("incremental", pick))} | ${format(med("baseline", pick))} | ${ratio(med("incremental", pick), med("baseline", pick))} | ${minimum} |`;
const lines = [
  "# Incremental review benchmark",
  "",
  `A pull request of ${FILES} changed text files, then ${PUSHES} pushes that each change one file (each push is a \`synchronize\` with \`before\`), reviewed by the built \`dist/index.js\` after every push against the emulator with processing set to 0 s, GitHub answered by the OpenAPI-validating fake (\`emulator/github\`). Each round runs the whole sequence (${PUSHES + 1} Action runs) with \`incremental: true\` and with \`incremental: false\` (the baseline), alternating, each on a fresh emulator whose ledger counts what was uploaded, submitted and charged. ${RUNS} ${RUNS === 1 ? "round" : "rounds"}; medians. Reproduce with \`npm run bench:incremental\`.`,
  "",
  `- Node ${process.version} on ${process.platform}/${process.arch}, ${cpus().length} cores.`,
  `- Exit codes: all ${samples.every((s) => s.exitCodes.every((c) => c === 0)) ? "0" : samples.map((s) => s.exitCodes.join(",")).join("; ")}; OpenAPI violations: ${samples.map((s) => s.violations).join(", ")}.`,
  `- The last run's report shows ${of("incremental")
    .map((s) => s.lastFiles)
    .join(", ")} files with ${of("incremental")
    .map((s) => s.lastIssues)
    .join(", ")} issues (incremental) and ${of("baseline")
    .map((s) => s.lastFiles)
    .join(", ")} files with ${of("baseline")
    .map((s) => s.lastIssues)
    .join(", ")} issues (baseline): the same findings either way.`,
  "",
  `## The whole sequence (${PUSHES + 1} runs)`,
  "",
  "| Measure (median) | `incremental: true` | `incremental: false` (baseline) | Ratio | Minimum possible |",
  "| --- | ---: | ---: | ---: | ---: |",
  row("Uploads", (s) => s.uploads, `${versions} (one per file version)`),
  row("Submissions", (s) => s.submissions, `${PUSHES + 1} (one per run)`),
  row("Assets submitted", (s) => s.assets, String(versions)),
  row("Credits charged", (s) => s.credits, `${versions} (1 a text file)`),
  row("Files reused", (s) => s.reused, `${FILES * (PUSHES + 1) - versions} (at most)`),
  row("Result reads (topics + asset read)", (s) => s.resultReads, String(2 * FILES * (PUSHES + 1))),
  row("GitHub writes (check runs, review, comments)", (s) => s.githubWrites, ""),
  row("Wall time, all runs", total, "", seconds),
  row("Wall time of a push's run (median of the pushes)", pushRuns, "", seconds),
  "",
  "Credits are the headline: the incremental runs pay once per file version, the minimum possible, while the baseline pays for every changed file of the pull request on every push.",
  "",
  `Result reads: every run reports every file's findings, so both modes read two requests per file per run (${2 * FILES * (PUSHES + 1)} in all); a reused file's findings come from its recorded review. The baseline reads more, as every file it submits again is a later version, whose previous version's topics are read for the list of new and resolved issues; a reused file shows no such list.`,
  "",
  "Wall time: besides the uploads and submissions, the baseline's runs rewrite the PR comment of every file with findings after each push (its version and that list changed), which against github.com costs about one second a write more, as `@octokit/plugin-throttling` spaces GitHub writes one second apart as GitHub asks (the GitHub writes row; a GitHub on loopback, as here, is not paced); the incremental runs leave the comments of unchanged files as they are. With real media, uploads and processing widen the gap further, as they grow with the uploads.",
  "",
  "### Wall time per round",
  "",
  "| Round | `incremental: true` | `incremental: false` |",
  "| ---: | ---: | ---: |",
  ...of("incremental").map(
    (s, i) => `| ${i + 1} | ${seconds(total(s))} | ${seconds(total(of("baseline")[i]!))} |`,
  ),
  "",
];
await writeFile(resolve(here, "RESULTS.md"), lines.join("\n"));
console.log(lines.join("\n"));
