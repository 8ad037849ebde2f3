// @ts-nocheck
// Fails when dist/ is stale: dist/ is committed and must match its sources.
// By default it compares the hashes that the last build recorded (dist/.inputs.json: every
// bundled file and every output) with the files as they are now; `--full` rebuilds into a
// temporary folder and compares the bytes, which also catches a manifest edited by hand.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "./build.ts";
import { type DistManifest, listFiles, MANIFEST, staleSince } from "./dist-manifest.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const full = process.argv.includes("--full") || !existsSync(join(root, MANIFEST));

function report(stale: readonly string[], current: string): void {
  if (stale.length > 0) {
    console.error(`dist/ is stale: ${stale.join("; ")}.\nRun npm run build and commit dist/.`);
    process.exitCode = 1;
  } else {
    console.log(current);
  }
}

if (!full) {
  const manifest = JSON.parse(readFileSync(join(root, MANIFEST), "utf8")) as DistManifest;
  report(
    staleSince(manifest, root),
    `dist/ is current (${Object.keys(manifest.outputs).length} files; ${Object.keys(manifest.inputs).length} inputs unchanged since the build).`,
  );
} else {
  const temp = mkdtempSync(join(tmpdir(), "content-review-dist-"));
  try {
    await buildAll(temp);
    const fresh = new Map(listFiles(join(temp, "dist"), temp).map((p) => [p, join(temp, p)]));
    const committed = new Map(listFiles(join(root, "dist"), root).map((p) => [p, join(root, p)]));
    const stale: string[] = [];
    for (const [name, path] of fresh) {
      const mine = committed.get(name);
      if (!mine || !readFileSync(mine).equals(readFileSync(path))) stale.push(name);
    }
    for (const name of committed.keys())
      if (!fresh.has(name)) stale.push(`${name} (no longer built)`);
    report(stale, `dist/ is current (${fresh.size} files, rebuilt and compared).`);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
