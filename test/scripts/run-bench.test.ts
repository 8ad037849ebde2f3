import { spawn } from "node:child_process";
import { once } from "node:events";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const results = fileURLToPath(new URL("../../bench/RESULTS.md", import.meta.url));

/**
 * Runs a command in the repository, in a process group of its own, to its end: its exit code
 * and stderr. After 20 s the whole group is killed: a benchmark that did start (the arguments
 * went elsewhere) runs for minutes, and must not outlive the test.
 */
async function run(file: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(file, args, {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 20_000);
  const [code] = (await once(child, "close")) as [number | null];
  clearTimeout(timer);
  return { code, stderr };
}

describe("npm run bench:<name>", () => {
  it("hands the arguments after -- to the benchmark itself, and collects nothing when it fails", async () => {
    const before = statSync(results).mtimeMs;
    // The benchmark's own parser refuses the flag: so it got there (not to the collector).
    const { code, stderr } = await run("npm", [
      "run",
      "-s",
      "bench:memory",
      "--",
      "--no-such-flag",
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toContain("--no-such-flag");
    expect(statSync(results).mtimeMs).toBe(before);
  });

  it("refuses a benchmark that does not exist, naming those that do", async () => {
    const { code, stderr } = await run(process.execPath, ["bench/run-bench.ts", "memroy"]);
    expect(code).toBe(2);
    expect(stderr).toContain('run-bench: no benchmark named "memroy": one of');
    expect(stderr).toContain("memory");
  });
});
