/**
 * try-action (`scripts/try-action.ts`) on the paths the walkthrough does not show: a typo in a
 * flag or an input name, a reader that goes away (`| head`) and Ctrl+C. Each run gets a private
 * TMPDIR, listed afterwards: no runner folder and no emulator folder (holding the uploaded
 * bytes) may stay behind. The runs that end by themselves use the sandbox key, whose outcomes
 * are there at the first poll (the live key's review takes the emulator's 0.5 s here, and the
 * Action's next poll comes 2 s later); Ctrl+C comes during a live run's uploads.
 */
import { access, mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { bash, folderInClone, ROOT, runProcess } from "../helpers/docs-shell.ts";
import { interruptProcessGroup } from "../helpers/interrupt-process-group.ts";

const SCRIPT = join(ROOT, "scripts", "try-action.ts");

describe("try-action: typos, closed pipes and Ctrl+C", () => {
  let dir: { path: string; remove: () => Promise<void> };
  let tmp: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    dir = await folderInClone({ samples: true });
    tmp = join(dir.path, "tmp");
    await mkdir(tmp);
    // INIT_CWD: an `npm test` run sets it to the package root; npm run would set the folder.
    env = { TMPDIR: tmp, INIT_CWD: dir.path };
  });
  afterEach(async () => {
    await dir.remove();
  });

  const outputs = async () =>
    JSON.parse(await readFile(join(dir.path, "try-action-output", "outputs.json"), "utf8")) as {
      status: string;
      "report-path"?: string;
    };

  it("an unknown flag is a usage error (exit 2, usage text) and runs nothing", async () => {
    const res = await runProcess(process.execPath, [SCRIPT, "samples", "--sandbx"], {
      cwd: dir.path,
      env,
      timeoutMs: 30_000,
    });
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toMatch(
      /^try-action: unknown option --sandbx\.\nUsage: npm run -s try-action/,
    );
    expect(res.stderr).toContain("--sandbox            use the emulator's sandbox key");
    expect(res.stdout).toBe("");
    expect(await readdir(tmp)).toEqual([]);
    await expect(access(join(dir.path, "try-action-output"))).rejects.toThrow();
  });

  it("an unknown --event is a usage error naming the events it rehearses, and runs nothing", async () => {
    const res = await runProcess(process.execPath, [SCRIPT, "samples", "--event", "merge"], {
      cwd: dir.path,
      env,
      timeoutMs: 30_000,
    });
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toMatch(
      /^try-action: --event takes pull_request, merge_group, push \(got "merge"\)\.\nUsage: /,
    );
    expect(res.stdout).toBe("");
    expect(await readdir(tmp)).toEqual([]);
  });

  it.each([
    ["/proc/x/y", "ENOENT"],
    ["samples/claims__sandbox_fail__.txt/report", "ENOTDIR"],
  ])(
    "--out %s is a usage error before the emulator starts (%s), and returns",
    async (out, code) => {
      const res = await runProcess(process.execPath, [SCRIPT, "samples", "--out", out], {
        cwd: dir.path,
        env,
        timeoutMs: 30_000,
      });
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr).toMatch(
        new RegExp(
          `^try-action: --out \\S*${out.split("/").at(-1)} cannot be created as a folder \\(${code}\\): pick another --out\\.\\n`,
        ),
      );
      expect(res.stdout).toBe("");
      expect(await readdir(tmp)).toEqual([]);
    },
  );

  it("an unknown input is named with the valid ones, as a GitHub runner warns; report-path names a file that exists", async () => {
    const res = await runProcess(
      process.execPath,
      [
        SCRIPT,
        "samples",
        "--sandbox",
        "--input",
        "fial-on=major",
        "--input",
        "comment=summary-only",
      ],
      { cwd: dir.path, env, timeoutMs: 50_000 },
    );
    // The step runs without the unknown input: fail-on stays critical, and the claim fails it.
    expect(res.code, res.stderr).toBe(1);
    const action = parse(await readFile(join(ROOT, "action.yml"), "utf8")) as {
      inputs: Record<string, unknown>;
    };
    const valid = Object.keys(action.inputs).map((name) => `'${name}'`);
    expect(valid).toContain("'fail-on'");
    const warning = `Warning: Unexpected input(s) 'fial-on', valid inputs are [${valid.join(", ")}]`;
    expect(res.stderr).toContain(`  | ${warning}\n`);
    expect(await readFile(join(dir.path, "try-action-output", "action.log"), "utf8")).toContain(
      warning,
    );
    const out = await outputs();
    expect(out.status).toBe("failure");
    const report = out["report-path"]!;
    expect(report).toBe(join(dir.path, "try-action-output", "report.json"));
    expect(JSON.parse(await readFile(report, "utf8"))).toMatchObject({ conclusion: "failure" });
    expect(await readdir(tmp)).toEqual([]);
  });

  it.each([
    ["stdout", "| true"],
    ["stdout and stderr", "2>&1 | head -2"],
  ])(
    "a reader of %s that goes away leaves no folder behind, and the exit code stays the Action's",
    async (_what, pipe) => {
      const res = await bash(`"${process.execPath}" "${SCRIPT}" samples --sandbox ${pipe}`, {
        cwd: dir.path,
        env,
        timeoutMs: 50_000,
      });
      // bash -o pipefail: the Action's exit code (1, the claim fails the step), not a crash.
      expect(res.code, res.stderr).toBe(1);
      expect(res.stderr).not.toContain("EPIPE");
      expect(await readdir(tmp)).toEqual([]);
      expect((await outputs()).status).toBe("failure");
    },
    60_000,
  );

  it("Ctrl+C (SIGINT to the process) cancels the Action as GitHub does, prints a cancelled result, exits 130 and leaves no folder behind", async () => {
    let sent = false;
    const res = await runProcess(process.execPath, [SCRIPT, "samples"], {
      cwd: dir.path,
      env,
      timeoutMs: 50_000,
      // Once uploads have begun: the emulator's folder holds uploaded bytes by then.
      onStderr: (stderr, kill) => {
        if (!sent && stderr.includes("| Uploading 1/")) {
          sent = true;
          kill("SIGINT");
        }
      },
    });
    expect(sent).toBe(true);
    expect(res.code, res.stderr).toBe(130);
    expect(res.stderr).toContain("| Warning: Received SIGINT: cancelling the review.");
    expect(res.stdout).toMatch(/^Cancelled by SIGINT: the Action got SIGINT/);
    expect(res.stdout).toMatch(/^ {2}check run "Content Review": cancelled, /m);
    const out = await outputs();
    expect(out.status).toBe("cancelled");
    await expect(access(out["report-path"]!)).resolves.toBeUndefined();
    expect(await readdir(tmp)).toEqual([]);
  });

  it("Ctrl+C in a terminal on `npm run -s try-action` (SIGINT to the whole process group, which npm hands on again) still lets the Action conclude", async () => {
    const { sent, code, stdout, stderr } = await interruptProcessGroup(
      "npm",
      ["run", "-s", "try-action", "--", "samples"],
      {
        cwd: dir.path,
        env: { ...process.env, ...env },
        ready: (err) => err.includes("| Uploading 1/"),
      },
    );
    expect(sent).toBe(true);
    expect(code, stderr).toBe(130);
    expect(stdout).toMatch(
      /^Cancelled by SIGINT: the Action got SIGINT, as on a cancelled GitHub job, and concluded the run\.$/m,
    );
    expect(stdout).toMatch(/^ {2}check run "Content Review": cancelled, /m);
    expect((await outputs()).status).toBe("cancelled");
    expect(await readdir(tmp)).toEqual([]);
  });
});
