/**
 * README.md, "Quick start": three commands from a fresh clone to a reviewed folder. `npm ci` is
 * what CI runs before anything (.ci/run), `npm test` is this suite; this runs `npm start` as a
 * reader would, from the clone's root, and checks that the page shows what it prints.
 */
import { describe, expect, it } from "vitest";
import { bash, blocksUnder, ROOT, readDoc } from "../helpers/docs-shell.ts";

describe("README.md: Quick start", () => {
  it("is three commands at the top, within 30 lines, in a README under 250 lines", async () => {
    const readme = await readDoc("README.md");
    expect(readme.split("\n").length).toBeLessThan(250);
    const start = readme.indexOf("## Quick start\n");
    expect(start).toBeGreaterThan(-1);
    expect(readme.slice(0, start)).not.toMatch(/^## /m);
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    expect(section.trimEnd().split("\n").length).toBeLessThanOrEqual(30);
    const [commands] = blocksUnder(readme, "Quick start", "sh");
    expect(
      commands!
        .split("\n")
        .map((l) => l.replace(/#.*$/, "").trim())
        .filter(Boolean),
    ).toEqual(["npm ci", "npm start", "npm test"]);
  });

  it("says that npm ci under Node 20 warns EBADENGINE, and that this is expected", async () => {
    const readme = await readDoc("README.md");
    const engines = JSON.parse(await readDoc("package.json")).engines.node;
    expect(engines).toBe(">=24");
    expect(readme).toMatch(
      /Under Node 20, `npm ci` prints [^.]*`npm warn EBADENGINE Unsupported\s+engine`/,
    );
    expect(readme).toMatch(/they are expected and harmless/);
  });

  it("npm start reviews samples/ with a live key, then a sandbox key, and prints what the page shows", async () => {
    const readme = await readDoc("README.md");
    const [shown] = blocksUnder(readme, "Quick start", "text");
    const res = await bash("npm start", { cwd: ROOT, timeoutMs: 50_000 });
    expect(res.code, res.stderr).toBe(1);
    expect(readme).toContain("**exit code 1**");
    expect(res.stdout.match(/^exit code 1$/gm)).toHaveLength(2);
    expect(res.stdout).toMatch(/# live key[\s\S]*# sandbox key/);
    expect(res.stdout).toMatch(
      /0 credits, 5 issues \(1 critical, 2 major, 1 minor, 1 info\), fail-on critical, sandbox/,
    );
    // The live run prints the page's lines, in order.
    let from = 0;
    for (const line of shown!.split("\n").filter((l) => l.trim() !== "")) {
      const at = res.stdout.indexOf(line, from);
      expect(at, `README line not printed: ${line}`).toBeGreaterThanOrEqual(0);
      from = at + line.length;
    }
    // Progress went to stderr; the sandbox run claims no upload.
    expect(res.stderr).toMatch(/^upload samples\/claims__sandbox_fail__\.txt: done$/m);
    expect(res.stderr).toMatch(/^sandbox samples\/claims__sandbox_fail__\.txt: not uploaded/m);
  });
});
