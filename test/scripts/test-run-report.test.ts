import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testRunReport } from "../../scripts/release/test-run-report.ts";
import { ROOT, runProcess } from "../helpers/docs-shell.ts";

describe("testRunReport", () => {
  it("testRunReport names the failing tests of a real vitest run, and its summary", async () => {
    const dir = await mkdtemp(join(tmpdir(), "failing-run-"));
    try {
      await writeFile(
        join(dir, "sums.test.ts"),
        'import { describe, expect, it } from "vitest";\ndescribe("sums", () => {\n  it("adds", () => expect(1 + 1).toBe(3));\n  it("passes", () => expect(1).toBe(1));\n});\n',
      );
      const res = await runProcess(
        process.execPath,
        [join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", "--root", dir],
        { cwd: dir, env: { FORCE_COLOR: "1" } },
      );
      expect(res.code).toBe(1);
      const report = testRunReport(res.stdout, res.stderr);
      expect(report).toMatch(/^Failing tests \(1\):\n {2}sums\.test\.ts > sums > adds\n/);
      expect(report).toContain("Tests  1 failed | 1 passed (2)");
      expect(report).not.toContain("passes");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("testRunReport shows the end of both streams when no test ran (a lint or type check failed)", () => {
    expect(testRunReport("> biome check .\nsrc/x.ts:1:1 lint error\n", "npm warn config\n")).toBe(
      "npm warn config\n> biome check .\nsrc/x.ts:1:1 lint error",
    );
  });
});
