import { describe, expect, it } from "vitest";
import { releaseArguments } from "../../scripts/release/release-arguments.ts";

describe("releaseArguments", () => {
  it.each([
    [["1.0.0"], {}, { ok: true, version: "1.0.0", skipTests: false }],
    [["1.0.0", "--skip-tests"], {}, { ok: true, version: "1.0.0", skipTests: true }],
    // npm_config_skip_tests with the option passed after `--` is only npm's echo of it.
    [
      ["1.0.0", "--skip-tests"],
      { npm_config_skip_tests: "true" },
      { ok: true, version: "1.0.0", skipTests: true },
    ],
  ] as const)("releaseArguments(%j, %j) reads %j", (argv, env, expected) => {
    expect(releaseArguments(argv, env)).toEqual(expected);
  });

  it.each([
    [
      ["1.0.0", "--skip-test"],
      {},
      'Unknown option "--skip-test": the script takes npm run release -- <X.Y.Z> [--skip-tests].',
    ],
    [
      ["1.0.0", "now"],
      {},
      'Unexpected argument "now": the script takes npm run release -- <X.Y.Z> [--skip-tests].',
    ],
    // `npm run release 1.0.0 --skip-tests`: npm keeps the option and passes only the version.
    [
      ["1.0.0"],
      { npm_config_skip_tests: "true" },
      "npm took --skip-tests as its own setting (npm_config_skip_tests is set), so the script never saw it: put -- before the script's arguments, e.g. npm run release -- 1.0.0 --skip-tests.",
    ],
  ] as const)("releaseArguments(%j, %j) refuses: %s", (argv, env, problem) => {
    expect(releaseArguments(argv, env)).toEqual({ ok: false, problems: [problem] });
  });
});
