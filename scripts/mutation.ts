/**
 * `npm run test:mutation [-- <module.ts> ...]`: StrykerJS on the modules that decide verdicts
 * (issue 19), or on the modules named. Each module is tested by its mirror tests
 * (`src/a/b.ts` → `test/a/b.test.ts`, `test/a/b.*.test.ts`) and by the extra tests listed below;
 * Stryker reads the rest from stryker.config.mjs. Reports land in reports/mutation/; a run on the
 * default modules also writes bench/mutation/RESULTS.md (collected into bench/RESULTS.md).
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The modules of the table: what `npm run test:mutation` checks without arguments. */
export const DEFAULT_MODULES: readonly string[] = [
  "src/webhooks/verify-webhook.ts",
  "src/policy/conclusion.ts",
  "src/policy/severity.ts",
  "src/shared/plural.ts",
  "src/policy/format-severity-counts.ts",
  "src/action/signing/signed-block.ts",
  "src/action/incremental/review-record-block.ts",
  "src/action/review-comments/signed-comment.ts",
  "src/pipeline/review-record.ts",
  "src/pipeline/reuse-reviews.ts",
  "relay/effects/perform-once.ts",
  "relay/journal/claim-effect.ts",
  "relay/journal/sqlite/sqlite-effects.ts",
  "relay/journal/postgres/postgres-effects.ts",
  "relay/journal/retention.ts",
  // Issue 23: which review threads are resolved and reopened, and whose comments are the Action's.
  "src/action/review-comments/plan-review.ts",
  "src/action/review-comments/review-threads.ts",
  "src/action/review-comments/comment-author.ts",
  // Issue 31: the verdict the relay reconciles from the service when its webhooks never came.
  "relay/reconciliation/plan-reconciliation.ts",
  "relay/reconciliation/reconcile-submission.ts",
  "relay/reconciliation/start-reconciliation.ts",
  "relay/reconciliation/subscription-problem.ts",
  "relay/journal/run-attempt.ts",
];

/** Tests beyond the mirror ones that exercise a module's decisions in-process. */
const EXTRA_TESTS: Readonly<Record<string, readonly string[]>> = {
  "src/policy/conclusion.ts": [
    "test/pipeline/derive-conclusion.test.ts",
    "test/action/run.decisions.test.ts",
  ],
  // The journals' claim steps are tested through both stores in the claim tests.
  "relay/journal/sqlite/sqlite-effects.ts": ["test/relay/journal/claim-effect.test.ts"],
  "relay/journal/postgres/postgres-effects.ts": ["test/relay/journal/claim-effect.test.ts"],
  // Issue 31: reconciliation's steps are tested through one another's tests too.
  "relay/reconciliation/reconcile-submission.ts": [
    "test/relay/reconciliation/start-reconciliation.test.ts",
  ],
  "relay/reconciliation/start-reconciliation.ts": [
    "test/relay/reconciliation/reconcile-submission.test.ts",
  ],
  "relay/reconciliation/subscription-problem.ts": [
    "test/relay/reconciliation/start-subscription-check.test.ts",
  ],
};

/** The mirror test files of a module that exist, relative to the repository. */
export function mirrorTests(module: string, root = repoRoot): string[] {
  const withoutSrc = module.replace(/^src\//, "");
  const dir = path.posix.join("test", path.posix.dirname(withoutSrc));
  const name = path.posix.basename(withoutSrc, ".ts");
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir))
    .filter(
      (file) =>
        file === `${name}.test.ts` || (file.startsWith(`${name}.`) && file.endsWith(".test.ts")),
    )
    .filter((file) => !file.endsWith(".reliability.test.ts"))
    .map((file) => path.posix.join(dir, file));
}

/** The test files for a list of modules; throws naming a module that has none. */
export function testsFor(modules: readonly string[], root = repoRoot): string[] {
  const tests = new Set<string>();
  for (const module of modules) {
    const found = [...mirrorTests(module, root), ...(EXTRA_TESTS[module] ?? [])].filter((file) =>
      existsSync(path.join(root, file)),
    );
    if (found.length === 0) {
      throw new Error(
        `No test file for ${module}: expected test/…/${path.posix.basename(module, ".ts")}.test.ts (or .<topic>.test.ts) mirroring it`,
      );
    }
    for (const file of found) tests.add(file);
  }
  return [...tests].sort();
}

/** Per-file counts of a Stryker JSON report (mutation-testing-report-schema). */
export interface FileScore {
  readonly file: string;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  readonly compileErrors: number;
  /** Detected ÷ (detected + survived + no coverage), in percent; a timeout counts as detected. */
  readonly score: number;
}

/** The scores of the files in a Stryker JSON report, in the order of `modules`. */
export function scoresOf(
  report: { files: Record<string, { mutants: { status: string }[] }> },
  modules: readonly string[],
): FileScore[] {
  return modules.map((file) => {
    const count = (status: string) =>
      (report.files[file]?.mutants ?? []).filter((m) => m.status === status).length;
    const killed = count("Killed");
    const timeout = count("Timeout");
    const survived = count("Survived");
    const noCoverage = count("NoCoverage");
    const valid = killed + timeout + survived + noCoverage;
    return {
      file,
      killed,
      timeout,
      survived,
      noCoverage,
      compileErrors: count("CompileError"),
      score: valid === 0 ? 100 : (100 * (killed + timeout)) / valid,
    };
  });
}

/** bench/mutation/RESULTS.md: the table of scores, with the Stryker version and the date. */
export function resultsMarkdown(
  scores: readonly FileScore[],
  version: string,
  date: string,
): string {
  const rows = scores.map(
    (s) =>
      `| \`${s.file}\` | ${s.score.toFixed(1)}% | ${s.killed + s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.compileErrors} |`,
  );
  return `# Mutation testing

Generated by \`npm run test:mutation\` on ${date}: StrykerJS ${version} (vitest runner, TypeScript checker, per-test coverage), Node ${process.version}. Score = detected ÷ (detected + survived + no coverage); a timeout counts as detected, mutants that do not compile do not count. Each module is tested by its mirror tests in \`test/\` (\`<name>.test.ts\`, \`<name>.<topic>.test.ts\`) and, for the conclusion policy, by the Action's in-process decisions (\`test/action/run.decisions.test.ts\`). The mutants left alive on purpose (message wording, equivalent mutants) are listed, with the reason, at the top of each module's \`*.mutation.test.ts\`.

| File | Score | Detected | Survived | No coverage | Do not compile |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}
`;
}

if (import.meta.main) {
  const modules = process.argv
    .slice(2)
    .map((arg) => path.posix.normalize(arg.replaceAll("\\", "/")));
  const chosen = modules.length > 0 ? modules : DEFAULT_MODULES;
  for (const module of chosen) {
    if (!existsSync(path.join(repoRoot, module))) {
      console.error(`test:mutation: no such module ${module}; name it relative to the repository`);
      process.exit(2);
    }
  }
  let tests: string[];
  try {
    tests = testsFor(chosen);
  } catch (error) {
    console.error(`test:mutation: ${(error as Error).message}`);
    process.exit(2);
  }
  console.log(`Mutating ${chosen.join(", ")}\nwith ${tests.join(", ")}`);
  const stryker = path.join(repoRoot, "node_modules/@stryker-mutator/core/bin/stryker.js");
  const child = spawn(
    process.execPath,
    [stryker, "run", "stryker.config.mjs", "--mutate", chosen.join(",")],
    // The test files go to vitest.mutation.config.ts, not to Stryker's --testFiles: with that option
    // Stryker 10.1.1 activates a static mutant (a module-level constant such as a regex or a policy
    // table) only after the module has loaded, so no test can ever kill it.
    {
      cwd: repoRoot,
      stdio: "inherit",
      env: { ...process.env, MUTATION_TEST_FILES: tests.join(",") },
    },
  );
  // Ctrl+C or a kill of this script stops Stryker too, which stops its workers.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) process.exit(code ?? 1);
  const report = JSON.parse(
    readFileSync(path.join(repoRoot, "reports/mutation/mutation.json"), "utf8"),
  );
  const scores = scoresOf(report, chosen);
  for (const s of scores) console.log(`${s.score.toFixed(1).padStart(6)}%  ${s.file}`);
  if (modules.length === 0) {
    const version = JSON.parse(
      readFileSync(path.join(repoRoot, "node_modules/@stryker-mutator/core/package.json"), "utf8"),
    ).version as string;
    const date = new Date().toISOString().slice(0, 10);
    mkdirSync(path.join(repoRoot, "bench/mutation"), { recursive: true });
    writeFileSync(
      path.join(repoRoot, "bench/mutation/RESULTS.md"),
      resultsMarkdown(scores, version, date),
    );
    spawnSync(process.execPath, [path.join(repoRoot, "bench/collect-results.ts")], {
      cwd: repoRoot,
      stdio: "inherit",
    });
  }
}
