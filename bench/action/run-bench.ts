// Benchmark of the Action on a 300-file pull request against the emulator (processing 0 s).
// Usage: npm run bench:action [-- --runs 3 --files 300]. Writes bench/action/RESULTS.md.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startBenchServers, TEXTS } from "../bench-servers.ts";
import { median } from "../median.ts";

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, files: { type: "string", default: "300" } },
});
const RUNS = Number(values.runs);
const FILES = Number(values.files);
const TOKEN = "ghs_benchtokenbenchtokenbenchtoken01";

interface Sample {
  wallMs: number;
  exitCode: number | null;
  service: Record<string, number>;
  uploads: number;
  github: Record<string, number>;
  /** GitHub requests that write (everything but GET). */
  githubWrites: number;
  issues: number;
  violations: number;
}

async function once(): Promise<Sample> {
  const servers = await startBenchServers(TOKEN, "action");
  const { github, workspace, service } = servers;
  try {
    const changed: { filename: string; status: string }[] = [];
    for (let i = 0; i < FILES; i++) {
      const path = `media/batch-${Math.floor(i / 50)}/asset-${String(i).padStart(3, "0")}.txt`;
      await mkdir(dirname(join(workspace, path)), { recursive: true });
      await writeFile(join(workspace, path), TEXTS[i % TEXTS.length]!);
      changed.push({ filename: path, status: "added" });
    }
    github.addPullRequest(1, changed);
    const started = performance.now();
    const run = await servers.review({
      number: 1,
      pull_request: {
        number: 1,
        head: { sha: "e".repeat(40), repo: { full_name: "octo/media", fork: false } },
        base: { repo: { full_name: "octo/media" } },
      },
    });
    const wallMs = performance.now() - started;
    const ledger = await servers.ledger();
    const byOperation: Record<string, number> = {};
    const githubWrites = github.requests.filter((r) => r.method !== "GET").length;
    for (const r of github.requests) {
      const key = r.operationId ?? `${r.method} ${r.path}`;
      byOperation[key] = (byOperation[key] ?? 0) + 1;
    }
    if (run.code !== 0) console.error(run.stdout.slice(-2000), run.stderr);
    return {
      wallMs,
      exitCode: run.code,
      service,
      uploads: ledger.uploads,
      github: byOperation,
      githubWrites,
      issues: Number(run.outputs["issue-count"] ?? 0),
      violations: github.violations.length,
    };
  } finally {
    await servers.close();
  }
}

const samples: Sample[] = [];
for (let i = 0; i < RUNS; i++) {
  const sample = await once();
  samples.push(sample);
  console.log(
    `run ${i + 1}/${RUNS}: ${(sample.wallMs / 1000).toFixed(1)} s, exit ${sample.exitCode}`,
  );
}
const last = samples.at(-1)!;
const med = (pick: (s: Sample) => number) => median(samples.map(pick));
const serviceTotal = (s: Sample) => Object.values(s.service).reduce((a, b) => a + b, 0) + s.uploads;
const githubTotal = (s: Sample) => Object.values(s.github).reduce((a, b) => a + b, 0);
const op = (name: string) => med((s) => s.service[name] ?? 0);
const polls = op("getSubmission");
const minimum = {
  upload: 2 * FILES,
  estimate: 1,
  submission: 1,
  results: 2 * FILES,
};
const minimumTotal =
  minimum.upload + minimum.estimate + minimum.submission + polls + minimum.results;
const commented = Math.min(30, Math.round((FILES * 2) / 3));
const annotationsPerRun = last.issues;
const lines = [
  "# Action benchmark",
  "",
  `A pull request of ${FILES} changed text files (a third clean, two thirds with issues) reviewed by the built \`dist/index.js\` against the emulator with processing set to 0 s, GitHub answered by the OpenAPI-validating fake (\`emulator/github\`). ${RUNS} runs; medians. Reproduce with \`npm run bench:action\`.`,
  "",
  `- Node ${process.version} on ${process.platform}/${process.arch}, ${(await import("node:os")).cpus().length} cores.`,
  `- Exit codes: ${samples.map((s) => s.exitCode).join(", ")}; OpenAPI violations: ${samples.map((s) => s.violations).join(", ")}; issues found: ${last.issues}.`,
  "",
  "## Wall time",
  "",
  "| Median | Runs |",
  "| ---: | --- |",
  `| ${(med((s) => s.wallMs) / 1000).toFixed(1)} s | ${samples.map((s) => `${(s.wallMs / 1000).toFixed(1)} s`).join(", ")} |`,
  "",
  `GitHub is on loopback here, and the Action does not pace a GitHub on loopback. Against any other GitHub, \`@octokit/plugin-throttling\` spaces write requests one second apart, as GitHub asks of integrations (secondary rate limits): this run's ${med((s) => s.githubWrites)} writes (the check run, its updates with the annotations 50 per request, the review) add about ${med((s) => s.githubWrites)} s there.`,
  "",
  "## Service requests",
  "",
  "| Stage | Requests (median) | Minimum possible |",
  "| --- | ---: | ---: |",
  `| Upload (URL + PUT per file) | ${op("createUploadUrl") + med((s) => s.uploads)} | ${minimum.upload} |`,
  `| Estimate | ${op("estimatePrice")} | ${minimum.estimate} |`,
  `| Submission | ${op("createSubmission")} | ${minimum.submission} |`,
  `| Status polls | ${polls} | ${polls} |`,
  `| Results (topics + asset read) | ${op("listAssetTopics") + op("getAsset")} | ${minimum.results} |`,
  `| Other (versions, issues, retries) | ${op("listSubmissionVersions") + op("listAssetIssues") + op("retryAsset")} | 0 |`,
  `| **Total** | **${med(serviceTotal)}** | **${minimumTotal}** |`,
  "",
  "## GitHub requests",
  "",
  "| Operation | Requests (median) | Minimum possible |",
  "| --- | ---: | ---: |",
  ...Object.keys(last.github)
    .sort()
    .map((name) => {
      const minimums: Record<string, number> = {
        "pulls/list-files": Math.ceil(FILES / 100),
        "checks/create": 1,
        "checks/update": Math.max(1, Math.ceil(annotationsPerRun / 50)),
        "pulls/list-review-comments": 1,
        "pulls/create-review": 1,
      };
      return `| \`${name}\` | ${med((s) => s.github[name] ?? 0)} | ${minimums[name] ?? "-"} |`;
    }),
  `| **Total** | **${med(githubTotal)}** | |`,
  "",
  `The review carries ${commented} file comments (GitHub shows at most 30 per review; the rest are in the check run and job summary).`,
  "",
  "## Polling bound",
  "",
  "`waitForSubmission` polls at 0, 2, 6, 14 and 30 s, then every 30 s: a review that takes 10 minutes costs 24 status polls (bound: 25). `test/pipeline/poll-bound.test.ts` checks this through the pipeline with fake timers (10 minutes: at most 25 polls; 1 minute: at most 8). With processing at 0 s the review is done by the second poll (2 s).",
  "",
];
await writeFile(resolve(here, "RESULTS.md"), lines.join("\n"));
console.log(lines.join("\n"));
