import { describe, expect, it } from "vitest";
import { chromiumMissingNotice, chromiumTests } from "./chromium.ts";
import { ROOT, runProcess } from "./docs-shell.ts";

describe("chromiumTests", () => {
  it.each([
    ["installed, outside CI", true, {}, "run"],
    ["installed, under CI", true, { CI: "true" }, "run"],
    ["missing, outside CI", false, {}, "skip"],
    ["missing, CI=false", false, { CI: "false" }, "skip"],
    ["missing, under CI", false, { CI: "true" }, "run"],
  ])("chromiumTests when Chromium is %s", (_name, installed, env, expected) => {
    expect(chromiumTests(env, () => installed)).toBe(expected);
  });

  it.each([
    ["outside CI: skipped, with one loud line saying how to install Chromium", {}, 0],
    ["under CI=true: run, and failing", { CI: "true" }, 1],
  ])(
    "npm test's vitest without Chromium, %s",
    async (_name, extra, code) => {
      const env = {
        ...process.env,
        CI: undefined,
        CHROMIUM_PATH: "/nonexistent/chromium",
        ...extra,
      };
      const res = await runProcess(
        process.execPath,
        ["node_modules/vitest/vitest.mjs", "run", "test/insights/render-insights-html.test.ts"],
        { cwd: ROOT, env, inheritEnv: false, timeoutMs: 60_000 },
      );
      const output = res.stdout + res.stderr;
      expect(res.code, output).toBe(code);
      const notice = chromiumMissingNotice({ CHROMIUM_PATH: "/nonexistent/chromium" });
      expect(output.split(notice).length - 1).toBe(code === 0 ? 1 : 0);
      if (code === 0) expect(output).toContain("apt-get install chromium");
      else expect(output).toMatch(/chromium/i);
    },
    90_000,
  );
});
