// @ts-nocheck
// What each build of dist/ was made from: every file ncc bundled (sources and dependencies, as
// webpack's stats list them), the build's own settings, and a hash of every output. check:dist
// compares these hashes with the files as they are now, which catches a stale or hand-edited
// dist/ in a fraction of a second; `check:dist -- --full` still rebuilds and compares bytes.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Where the manifest lives, inside dist/ (it is committed with the bundles). */
export const MANIFEST = join("dist", ".inputs.json");

/** Files that shape every bundle without being bundled. */
const BUILD_SETTINGS = [
  "tsconfig.json",
  "scripts/build.ts",
  "scripts/bundles.ts",
  "node_modules/@vercel/ncc/package.json",
];

export interface DistManifest {
  /** sha256 of each input, by path relative to the repository. */
  readonly inputs: Record<string, string>;
  /** sha256 of each file of dist/ (the manifest itself excepted). */
  readonly outputs: Record<string, string>;
}

function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

interface StatsModule {
  nameForCondition?: string;
  modules?: StatsModule[];
}

/** The files behind webpack's modules, concatenated ones included, inside `root`. */
export function bundledFiles(stats: { modules?: StatsModule[] }, root: string): string[] {
  const files = new Set<string>();
  const visit = (modules: StatsModule[] | undefined) => {
    for (const m of modules ?? []) {
      const file = m.nameForCondition;
      if (file?.startsWith(root + sep)) files.add(relative(root, file).split(sep).join("/"));
      visit(m.modules);
    }
  };
  visit(stats.modules);
  return [...files];
}

/** Every file under `dir`, relative to `base`, with `/` separators. */
export function listFiles(dir: string, base: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    out = statSync(path).isDirectory()
      ? out.concat(listFiles(path, base))
      : out.concat(relative(base, path).split(sep).join("/"));
  }
  return out;
}

/** The manifest of a build: `inputs` read from `root`, outputs from `outRoot`/dist. */
export function makeManifest(
  inputFiles: readonly string[],
  root: string,
  outRoot: string,
): DistManifest {
  const inputs: Record<string, string> = {};
  for (const file of [...new Set([...inputFiles, ...BUILD_SETTINGS])].sort()) {
    inputs[file] = sha256(join(root, file));
  }
  const outputs: Record<string, string> = {};
  for (const file of listFiles(join(outRoot, "dist"), outRoot).sort()) {
    if (file !== MANIFEST.split(sep).join("/")) outputs[file] = sha256(join(outRoot, file));
  }
  return { inputs, outputs };
}

/** What changed since the build the manifest describes; empty when dist/ is current. */
export function staleSince(manifest: DistManifest, root: string): string[] {
  const stale: string[] = [];
  for (const [file, hash] of Object.entries(manifest.inputs)) {
    let now: string | null;
    try {
      now = sha256(join(root, file));
    } catch {
      now = null;
    }
    if (now !== hash) stale.push(`${file} ${now === null ? "is gone" : "changed"} since the build`);
  }
  const present = listFiles(join(root, "dist"), root).filter(
    (f) => f !== MANIFEST.split(sep).join("/"),
  );
  for (const file of present) {
    if (manifest.outputs[file] === undefined) stale.push(`${file} was not made by the build`);
    else if (sha256(join(root, file)) !== manifest.outputs[file])
      stale.push(`${file} was edited after the build`);
  }
  for (const file of Object.keys(manifest.outputs)) {
    if (!present.includes(file)) stale.push(`${file} is missing`);
  }
  return stale;
}
