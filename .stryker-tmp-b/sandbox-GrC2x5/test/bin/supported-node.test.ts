// @ts-nocheck
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REQUIRED_NODE_MAJOR, supportedNode } from "../../bin/supported-node.js";

const SHIMS = ["content-review", "content-review-emulator", "content-review-relay"];
const binPath = (name: string) => fileURLToPath(new URL(`../../bin/${name}.js`, import.meta.url));

/** A `node` older than 24 on PATH outside node_modules (the machine's own), or null. */
function olderNode(): { path: string; version: string } | null {
  for (const dir of (process.env["PATH"] ?? "").split(delimiter)) {
    if (dir === "" || dir.includes("node_modules")) continue;
    const candidate = join(dir, "node");
    if (!existsSync(candidate)) continue;
    try {
      const version = execFileSync(candidate, ["--version"], { encoding: "utf8" }).trim();
      if (Number(version.replace(/^v/, "").split(".")[0]) < REQUIRED_NODE_MAJOR) {
        return { path: candidate, version };
      }
    } catch {
      // Not runnable: look further.
    }
  }
  return null;
}

const old = olderNode();
if (old === null) {
  if (process.env["CI"] === "true") throw new Error("CI needs a Node older than 24 on PATH");
  console.warn("NOTICE: no Node older than 24 on PATH; the shims are not run on one");
}

describe("supportedNode", () => {
  it.each([
    ["24.0.0", true],
    ["24.21.0", true],
    ["25.1.0", true],
    ["22.12.0", false],
    ["20.20.2", false],
  ])("on Node %s answers %s", (version, expected) => {
    const lines: string[] = [];
    const before = process.exitCode;
    expect(supportedNode("content-review", version, (line) => lines.push(line))).toBe(expected);
    if (expected) expect(lines).toEqual([]);
    else {
      expect(lines).toEqual([
        `content-review: Node 24 or newer is required (this is Node ${version}); install it from https://nodejs.org/ or with a version manager (nvm install 24), then run content-review again\n`,
      ]);
      expect(process.exitCode).toBe(2);
    }
    process.exitCode = before;
  });
});

describe.skipIf(old === null)(`bin/* on ${old?.version ?? "an older Node"}`, () => {
  it.each(SHIMS)("%s prints one line saying Node 24 is required and exits 2 (CLI) or 1", (name) => {
    const run = spawnSync(old?.path ?? "node", [binPath(name), "--help"], { encoding: "utf8" });
    // The CLI's 1 means findings; a Node too old is a configuration error (2) there.
    expect(run.status).toBe(name === "content-review" ? 2 : 1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${name}: Node 24 or newer is required \\(this is Node ${old?.version.slice(1)}\\);`,
      ),
    );
    expect(lines[0]).toContain("nvm install 24");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
