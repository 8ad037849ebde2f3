/**
 * docs/action.md, "Try it before pushing": the two commands run as written, from a folder of
 * the clone holding `samples/`, and show what the Action would post on the pull request.
 */
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bash, blocksUnder, folderInClone, gitStatus, readDoc } from "../helpers/docs-shell.ts";

describe("docs/action.md: Try it before pushing", () => {
  let dir: { path: string; remove: () => Promise<void> };
  let commands: string[];

  beforeAll(async () => {
    dir = await folderInClone({ samples: true, git: true });
    const [block] = blocksUnder(await readDoc("docs/action.md"), "Try it before pushing", "sh");
    commands = block!
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter(Boolean);
    expect(commands).toEqual([
      "npm run -s try-action -- samples/",
      "npm run -s try-action -- samples/ --sandbox",
    ]);
  });
  afterAll(async () => {
    await dir.remove();
  });

  const out = (name: string) => readFile(join(dir.path, "try-action-output", name), "utf8");

  it.each([
    [0, "live", 8],
    [1, "sandbox", 5],
  ])(
    "command %i (%s key): exit 1, a digest, and the check run, review, summary and outputs in try-action-output/",
    async (index, kind, issues) => {
      const res = await bash(commands[index]!, { cwd: dir.path, timeoutMs: 50_000 });
      expect(res.code, res.stderr).toBe(1);
      expect(res.stderr).toContain(`(${kind} key)`);
      // The log as a runner shows it: no workflow commands, errors as "Error:" lines.
      expect(res.stderr).not.toMatch(/::(add-mask|debug|error)::/);
      expect(res.stderr).toMatch(/\| Error: Review failed: 1 issue at or above critical\./);
      expect(res.stdout).toMatch(
        /^Action exit code 1 \(the step fails\); outputs: submission-id=[0-9a-f-]{36} status=failure /m,
      );
      expect(res.stdout).toMatch(
        new RegExp(`^  check run "Content Review": failure, ".*", ${issues} annotations$`, "m"),
      );
      expect(res.stdout).toMatch(
        /^ {2}PR review: COMMENT with \d file comments? \(samples\/claims__sandbox_fail__\.txt/m,
      );
      expect(res.stdout).toMatch(
        /^Wrote check-run\.md, review\.md, job-summary\.md, outputs\.json, posted\.json, action\.log, report\.json to try-action-output\/$/m,
      );
      // Run from the clone's root, it leaves nothing for git to commit.
      expect(await gitStatus(dir.path)).toBe("");

      const outputs = JSON.parse(await out("outputs.json"));
      expect(outputs).toMatchObject({
        status: "failure",
        "issue-count": String(issues),
        "critical-count": "1",
      });
      const check = await out("check-run.md");
      expect(check).toMatch(/^# Check run "Content Review": failure$/m);
      expect(check).toMatch(new RegExp(`^## Annotations \\(${issues}\\)$`, "m"));
      expect(check).toContain("- `samples/claims__sandbox_fail__.txt` (failure)");
      expect(await out("review.md")).toContain(
        "## Comment on `samples/claims__sandbox_fail__.txt`",
      );
      expect(await out("job-summary.md")).toMatch(/^## Content Review: ❌ failed$/m);
      expect(JSON.parse(await out("report.json"))).toMatchObject({ conclusion: "failure" });
      // Secrets stay masked in the log, as a runner masks them.
      const log = await out("action.log");
      expect(log).not.toMatch(/sk_(live|test)_[0-9a-f]{8}/);
      expect(log).not.toContain("ghs_rehearsal_token");
    },
    60_000,
  );

  it("a run that posts no review leaves no review.md of an earlier run", async () => {
    await expect(out("review.md")).resolves.toContain("# PR review");
    const res = await bash(`${commands[1]} --input comment=summary-only`, {
      cwd: dir.path,
      timeoutMs: 50_000,
    });
    expect(res.code, res.stderr).toBe(1);
    expect(res.stdout).toMatch(/^ {2}PR review: none was posted/m);
    await expect(access(join(dir.path, "try-action-output", "review.md"))).rejects.toThrow();
    await expect(out("check-run.md")).resolves.toMatch(/^# Check run "Content Review"/m);
  });
});
