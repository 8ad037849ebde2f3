import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeRehearsal } from "../../scripts/try-action/collect-rehearsal.ts";
import type { ActionRun } from "../../scripts/try-action/run-action-as-runner.ts";

const RUN: ActionRun = {
  code: null,
  signal: "SIGTERM",
  stdout: "",
  stderr: "",
  outputs: {},
  summary: "",
  runnerTemp: "",
};

const checkRun = (status: string, conclusion: string | null) => ({
  name: "Content Review",
  status,
  conclusion,
  output: { title: "t", summary: "s" },
  annotations: [],
});

describe("writeRehearsal's digest of a cancelled run", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "rehearsal-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ["in_progress", null, "was stopped by SIGTERM before it concluded."],
    ["completed", "failure", "was stopped by SIGTERM after its check run had concluded (failure)."],
  ])("a check run %s (%s) says: %s", async (status, conclusion, said) => {
    const digest = await writeRehearsal({
      outDir: dir,
      shownFrom: dir,
      run: RUN,
      log: "",
      posted: { checkRuns: [checkRun(status, conclusion)], reviews: [], statuses: [] },
      cancelledBy: "SIGINT",
    });
    expect(digest).toContain(said);
  });
});
