// Bundles every entry of scripts/bundles.ts with @vercel/ncc into dist/ (or another root).
// Usage: node scripts/build.ts [outRoot]
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLES } from "./bundles.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Builds all bundles whose entry exists into `outRoot` (default: the repo root, i.e. dist/). */
export function buildAll(outRoot: string = root): string[] {
  const built: string[] = [];
  const ncc = join(root, "node_modules", "@vercel", "ncc", "dist", "ncc", "cli.js");
  for (const bundle of BUNDLES) {
    const entry = join(root, bundle.entry);
    if (!existsSync(entry)) continue;
    const out = join(outRoot, bundle.outDir);
    mkdirSync(out, { recursive: true });
    // Type checking is `npm run typecheck`'s job; ncc only transpiles (-t) and bundles.
    execFileSync(
      process.execPath,
      [ncc, "build", entry, "-o", out, "-t", "--license", "licenses.txt", "-q"],
      {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    built.push(bundle.outDir);
  }
  return built;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outRoot = process.argv[2] ? resolve(process.argv[2]) : root;
  if (outRoot === root) rmSync(join(root, "dist"), { recursive: true, force: true });
  const built = buildAll(outRoot);
  console.log(`built ${built.join(", ") || "nothing"}`);
}
