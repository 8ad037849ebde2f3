/**
 * Fails when the committed `src/api/generated/` differs from a fresh `npm run generate`, so that a
 * change to the OpenAPI file or the generator never ships without its regenerated output.
 */
// @ts-nocheck

import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { generatedDir, generateToTemp, listGenerated, repoRoot } from "./generate.ts";

/** Names the generated files that are missing, extra or different; empty when up to date. */
export async function findStaleFiles(committedDir: string, freshDir: string): Promise<string[]> {
  const committed = await listGenerated(committedDir).catch(() => [] as string[]);
  const fresh = await listGenerated(freshDir);
  const stale: string[] = [];
  for (const file of [...new Set([...committed, ...fresh])].sort()) {
    if (!fresh.includes(file)) {
      stale.push(`${file} (not generated any more; delete it)`);
    } else if (!committed.includes(file)) {
      stale.push(`${file} (missing)`);
    } else {
      const [a, b] = await Promise.all([
        readFile(path.join(committedDir, file), "utf8"),
        readFile(path.join(freshDir, file), "utf8"),
      ]);
      if (a !== b) stale.push(`${file} (out of date)`);
    }
  }
  return stale;
}

if (import.meta.main) {
  const freshDir = await generateToTemp();
  try {
    const stale = await findStaleFiles(generatedDir, freshDir);
    const where = path.relative(repoRoot, generatedDir);
    if (stale.length > 0) {
      console.error(`Generated code in ${where} is stale:`);
      for (const line of stale) console.error(`  ${line}`);
      console.error("Run npm run generate and commit the result.");
      process.exitCode = 1;
    } else {
      console.log(`Generated code in ${where} is up to date.`);
    }
  } finally {
    await rm(freshDir, { recursive: true, force: true });
  }
}
