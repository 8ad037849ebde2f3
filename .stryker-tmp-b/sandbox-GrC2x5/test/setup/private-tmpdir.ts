// @ts-nocheck
// Global setup: the whole run, its workers and every process they start, keep their temporary
// files in one folder of their own (TMPDIR), removed when the run ends, whatever a test forgot.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "content-review-tests-"));
  process.env.TMPDIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
