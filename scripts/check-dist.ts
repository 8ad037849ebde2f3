// Fails when dist/ differs from a fresh build: dist/ is committed and must be current.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "./build.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function listFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    out = statSync(path).isDirectory() ? out.concat(listFiles(path)) : out.concat(path);
  }
  return out;
}

const temp = mkdtempSync(join(tmpdir(), "content-review-dist-"));
try {
  buildAll(temp);
  const fresh = new Map(listFiles(join(temp, "dist")).map((p) => [relative(temp, p), p]));
  const committed = new Map(listFiles(join(root, "dist")).map((p) => [relative(root, p), p]));
  const stale: string[] = [];
  for (const [name, path] of fresh) {
    const mine = committed.get(name);
    if (!mine || !readFileSync(mine).equals(readFileSync(path))) stale.push(name);
  }
  for (const name of committed.keys())
    if (!fresh.has(name)) stale.push(`${name} (no longer built)`);
  if (stale.length > 0) {
    console.error(`dist/ is stale: ${stale.join(", ")}.\nRun npm run build and commit dist/.`);
    process.exitCode = 1;
  } else {
    console.log(`dist/ is current (${fresh.size} files).`);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
