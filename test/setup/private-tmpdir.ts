// Global setup: the whole run, its workers and every process they start, keep their temporary
// files in one folder of their own (TMPDIR), removed when the run ends, whatever a test forgot.
// A run that was killed never reaches its teardown: the next run removes what it left.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isProcessAlive, staleTestDirs, testDirPrefix } from "./stale-test-dirs.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const root = tmpdir();
  const names = await readdir(root).catch(() => []);
  // Best effort: another run starting now may remove the same folder, or it may not be ours.
  await Promise.all(
    staleTestDirs(names, isProcessAlive).map((name) =>
      rm(join(root, name), { recursive: true, force: true }).catch(() => {}),
    ),
  );
  const dir = await mkdtemp(join(root, testDirPrefix(process.pid)));
  process.env.TMPDIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
