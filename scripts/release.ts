// `npm run release -- <version> [--skip-tests]`: checks that the tree is clean, that dist/ is
// current (npm run check:dist), that the tests pass (npm test; --skip-tests leaves them out, for
// the test of this script, which runs it in a scratch clone) and that the version is newer; then
// bumps package.json, package-lock.json and src/api/version.ts, rebuilds dist/, dates the
// changelog's Unreleased section, commits, tags vX.Y.Z and moves the major tag (v1) to it; then
// pins the workflow templates to that commit's sha (`@<sha> # vX.Y.Z`) in a commit of their own
// (a commit cannot hold its own sha). It never pushes: it prints the commands that would.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pinTemplate } from "./release/pin-templates.ts";
import { parseVersion, releaseChangelog, releaseProblems } from "./release/plan-release.ts";
import { releaseArguments } from "./release/release-arguments.ts";
import { testRunReport } from "./release/test-run-report.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function run(command: string, args: readonly string[], what: string): string {
  try {
    return execFileSync(command, [...args], { cwd: root, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    const said = testRunReport(e.stdout ?? "", e.stderr ?? "");
    throw new Error(`${what} failed:\n${said || String(error)}`);
  }
}

/** The templates pinned to the release's commit, committed on top of it. */
function pinTemplates(version: string): void {
  const sha = run("git", ["rev-parse", `v${version}^{commit}`], "git rev-parse").trim();
  const folder = "templates/workflows";
  for (const name of readdirSync(join(root, folder)).filter((n) => /\.ya?ml$/.test(n)))
    edit(`${folder}/${name}`, (text) => pinTemplate(text, sha, `v${version}`));
  run("git", ["add", folder], "git add");
  const pinned = run("git", ["diff", "--cached", "--name-only"], "git diff").trim();
  if (pinned !== "")
    run("git", ["commit", "-q", "-m", `Templates: pin v${version} (${sha})`], "git commit");
}

function edit(file: string, change: (text: string) => string): void {
  const path = join(root, file);
  writeFileSync(path, change(readFileSync(path, "utf8")));
}

function bumpVersion(version: string, current: string): void {
  const setVersion = (text: string) => {
    const json = JSON.parse(text);
    json.version = version;
    if (json.packages?.[""]) json.packages[""].version = version;
    return `${JSON.stringify(json, null, 2)}\n`;
  };
  edit("package.json", setVersion);
  edit("package-lock.json", setVersion);
  edit("src/api/version.ts", (text) =>
    text.replace(`PACKAGE_VERSION = "${current}"`, `PACKAGE_VERSION = "${version}"`),
  );
  const date = new Date().toISOString().slice(0, 10);
  edit("CHANGELOG.md", (text) => releaseChangelog(text, version, date));
}

function main(argv: readonly string[]): number {
  const args = releaseArguments(argv, process.env);
  if (!args.ok) {
    for (const problem of args.problems) console.error(`release: ${problem}`);
    return 1;
  }
  const { version } = args;
  const current = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version as string;
  const tags = run("git", ["tag", "--list", `v${version}`], "git tag --list");
  const problems = releaseProblems(version, {
    status: run("git", ["status", "--porcelain"], "git status"),
    current,
    tagExists: version !== "" && tags.trim() !== "",
  });
  if (problems.length > 0) {
    for (const problem of problems) console.error(`release: ${problem}`);
    return 1;
  }
  run("npm", ["run", "-s", "check:dist"], "npm run check:dist (dist/ must match its sources)");
  if (args.skipTests) console.log("release: tests skipped (--skip-tests)");
  else run("npm", ["test"], "npm test");
  bumpVersion(version, current);
  run("npm", ["run", "-s", "build"], "npm run build (dist/ with the new version)");
  run("git", ["add", "-A"], "git add");
  run("git", ["commit", "-q", "-m", `Release v${version}`], "git commit");
  run("git", ["tag", "-a", `v${version}`, "-m", `v${version}`], "git tag");
  const major = `v${parseVersion(version)!.major}`;
  // The major tag moves with every release (a lightweight tag, as actions/checkout's v4 is).
  run("git", ["tag", "-f", major, `v${version}^{}`], `git tag -f ${major}`);
  pinTemplates(version);
  console.log(
    `release: v${version} tagged, and ${major} moved to it; the templates pin it, in the commit after the tag (locally; nothing was pushed). To publish:\n  git push origin HEAD v${version}\n  git push --force origin ${major}`,
  );
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`release: ${(error as Error).message}`);
  process.exitCode = 1;
}
