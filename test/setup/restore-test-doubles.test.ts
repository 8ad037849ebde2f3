import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const VITEST = fileURLToPath(new URL("../../node_modules/vitest/vitest.mjs", import.meta.url));
const CONFIG = "test/setup/fixtures/shared-worker/vitest.config.ts";

describe("restore-test-doubles", () => {
  it("a file that shares the worker after one that left its doubles on finds none of them (the real timers too)", async () => {
    // Two fixture files in one worker, in order, with this set-up (its vitest config).
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [VITEST, "run", "--config", CONFIG],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 16 * 1024 * 1024 },
    );
    // A failing fixture makes vitest exit 1, which rejects above.
    expect(stdout).toMatch(/Tests\s+2 passed \(2\)/);
  });
});
