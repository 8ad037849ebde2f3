/**
 * `npm run release -- <version>` (scripts/release.ts), run in a scratch clone of this repository
 * (a temporary `git clone`, with this checkout's node_modules linked in), never in the checkout
 * itself: a dirty tree and a stale dist/ are refused, and a release bumps the version, dates the
 * changelog, tags vX.Y.Z and moves v1 to it, locally. `--skip-tests` leaves out `npm test`,
 * which this test cannot run inside itself.
 */
import { appendFile, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runProcess, type ShellRun } from "../helpers/docs-shell.ts";

describe("npm run release, in a scratch clone", () => {
  let scratch: string;
  let repo: string;
  let checkoutTags: string;
  const git = (...args: string[]) => runProcess("git", args, { cwd: repo });
  const release = (...args: string[]): Promise<ShellRun> =>
    runProcess("npm", ["run", "-s", "release", "--", ...args], { cwd: repo, timeoutMs: 500_000 });
  const head = async (ref = "HEAD") => (await git("rev-parse", `${ref}^{commit}`)).stdout.trim();

  beforeAll(async () => {
    checkoutTags = (await runProcess("git", ["tag", "--list"], { cwd: ROOT })).stdout;
    scratch = await mkdtemp(join(tmpdir(), "content-review-release-"));
    repo = join(scratch, "repo");
    const clone = await runProcess("git", ["clone", "-q", ROOT, repo], { cwd: scratch });
    expect(clone.code, clone.stderr).toBe(0);
    await symlink(join(ROOT, "node_modules"), join(repo, "node_modules"));
    // The link is not a folder, which the clone's `node_modules/` pattern would match.
    await appendFile(join(repo, ".git", "info", "exclude"), "/node_modules\n");
    await git("config", "user.name", "Release Test");
    await git("config", "user.email", "release-test@example.com");
    // A branch whose dist/ was not rebuilt (only main's must be current): rebuild it once here.
    const check = await runProcess("npm", ["run", "-s", "check:dist"], { cwd: repo });
    if (check.code !== 0) {
      const build = await runProcess("npm", ["run", "-s", "build"], { cwd: repo });
      expect(build.code, build.stderr).toBe(0);
      await git("add", "-A");
      await git("commit", "-q", "-m", "dist rebuilt for the release test");
    }
  }, 400_000);
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it("release refuses a dirty tree, naming it, and changes nothing", async () => {
    const before = await head();
    await writeFile(join(repo, "stray.txt"), "x\n");
    const res = await release("1.0.0", "--skip-tests");
    await rm(join(repo, "stray.txt"));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("release: The working tree is not clean (1 path in git status)");
    expect(await head()).toBe(before);
    expect((await git("tag", "--list")).stdout).toBe("");
  });

  it("release refuses an option npm took as its own (no --), before doing anything", async () => {
    const before = await head();
    const res = await runProcess("npm", ["run", "-s", "release", "1.0.0", "--skip-tests"], {
      cwd: repo,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("release: npm took --skip-tests as its own setting");
    expect(await head()).toBe(before);
    expect((await git("tag", "--list")).stdout).toBe("");
  });

  it("release refuses a stale dist/ (a source changed, dist/ not rebuilt)", async () => {
    const before = await head();
    await appendFile(join(repo, "src", "api", "index.ts"), "\n// changed after the build\n");
    await git("commit", "-q", "-am", "a change without a rebuild");
    const res = await release("1.0.0", "--skip-tests");
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /release: npm run check:dist \(dist\/ must match its sources\) failed/,
    );
    expect((await git("tag", "--list")).stdout).toBe("");
    await git("reset", "-q", "--hard", before);
  });

  it("release 1.0.0 bumps the version, dates the changelog, tags v1.0.0 and moves v1, never pushing", async () => {
    const res = await release("1.0.0", "--skip-tests");
    expect(res.code, `${res.stderr}\n${res.stdout}`).toBe(0);
    expect(res.stdout).toContain(
      "release: v1.0.0 tagged, and v1 moved to it; the templates pin it",
    );
    const pkg = JSON.parse(await readFile(join(repo, "package.json"), "utf8"));
    expect(pkg.version).toBe("1.0.0");
    expect(await readFile(join(repo, "src", "api", "version.ts"), "utf8")).toContain(
      'PACKAGE_VERSION = "1.0.0"',
    );
    const changelog = await readFile(join(repo, "CHANGELOG.md"), "utf8");
    expect(changelog).toMatch(/## \[Unreleased\]\n\n## \[1\.0\.0\] - \d{4}-\d{2}-\d{2}\n/);
    expect((await git("tag", "--list")).stdout.split("\n").filter(Boolean).sort()).toEqual([
      "v1",
      "v1.0.0",
    ]);
    // The tag is the release's commit; the commit after it pins the templates to its sha.
    const tagged = await head("v1.0.0");
    expect(await head("HEAD~1")).toBe(tagged);
    expect(await head("v1")).toBe(tagged);
    expect((await git("log", "-1", "--format=%s")).stdout.trim()).toBe(
      `Templates: pin v1.0.0 (${tagged})`,
    );
    const templates = join(repo, "templates", "workflows");
    for (const name of await readdir(templates)) {
      const text = await readFile(join(templates, name), "utf8");
      for (const line of text.split("\n").filter((l) => /^\s+uses: content-review\//.test(l)))
        expect(line.trim()).toBe(`uses: content-review/content-review-toolkit@${tagged} # v1.0.0`);
    }
    expect((await git("status", "--porcelain")).stdout).toBe("");
    // The release's dist/ is current for its version, and nothing reached the checkout it
    // was cloned from.
    expect((await runProcess("npm", ["run", "-s", "check:dist"], { cwd: repo })).code).toBe(0);
    expect((await runProcess("git", ["tag", "--list"], { cwd: ROOT })).stdout).toBe(checkoutTags);

    const again = await release("1.0.0", "--skip-tests");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("release: 1.0.0 is not newer than package.json's 1.0.0.");
    expect(again.stderr).toContain("release: The tag v1.0.0 exists already.");
  }, 500_000);
});
