/**
 * `npm run test:mutation [-- <module.ts> ...]`: StrykerJS on the modules that decide verdicts
 * (issue 19), or on the modules named. Each module is tested by its mirror tests
 * (`src/a/b.ts` → `test/a/b.test.ts`, `test/a/b.*.test.ts`) and by the extra tests listed below;
 * Stryker reads the rest from stryker.config.mjs. Reports land in reports/mutation/.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The modules of the table: what `npm run test:mutation` checks without arguments. */
export const DEFAULT_MODULES: readonly string[] = [
  "src/webhooks/verify-webhook.ts",
  "src/policy/conclusion.ts",
  "src/policy/severity.ts",
  "src/policy/plural.ts",
  "src/policy/format-severity-counts.ts",
  "src/action/review-record-block.ts",
  "src/pipeline/review-record.ts",
  "src/pipeline/reuse-reviews.ts",
  "receiver/relay/perform-once.ts",
];

/** Tests beyond the mirror ones that exercise a module's decisions in-process. */
const EXTRA_TESTS: Readonly<Record<string, readonly string[]>> = {
  "src/policy/conclusion.ts": [
    "test/pipeline/derive-conclusion.test.ts",
    "test/action/run.decisions.test.ts",
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
  const result = spawnSync(
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
  process.exit(result.status ?? 1);
}
