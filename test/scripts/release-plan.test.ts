import { describe, expect, it } from "vitest";
import { isNewer, releaseChangelog, releaseProblems } from "../../scripts/release/plan-release.ts";
import { readDoc } from "../helpers/docs-shell.ts";

describe("plan-release", () => {
  it.each([
    ["1.0.0", "0.1.0", true],
    ["0.1.1", "0.1.0", true],
    ["0.2.0", "0.1.9", true],
    ["0.1.0", "0.1.0", false],
    ["0.0.9", "0.1.0", false],
    ["1.0.0", "1.0.0-rc.1", true],
    ["1.0.0-rc.2", "1.0.0-rc.1", true],
    ["1.0.0-rc.1", "1.0.0", false],
    ["1.0", "0.1.0", false],
  ])("isNewer(%s, %s) is %s", (next, current, newer) => {
    expect(isNewer(next, current)).toBe(newer);
  });

  it("releaseChangelog dates the Unreleased entries under the version, below a new Unreleased", () => {
    const text = "# Changelog\n\n## [Unreleased]\n\n### Added\n\n- A thing.\n";
    expect(releaseChangelog(text, "1.0.0", "2026-11-27")).toBe(
      "# Changelog\n\n## [Unreleased]\n\n## [1.0.0] - 2026-11-27\n\n### Added\n\n- A thing.\n",
    );
    expect(() => releaseChangelog("# Changelog\n", "1.0.0", "2026-11-27")).toThrow(
      'CHANGELOG.md has no "## [Unreleased]" section to release.',
    );
  });

  it("releaseProblems names a dirty tree, an old version and an existing tag, all at once", () => {
    expect(releaseProblems("1.0.0", { status: "", current: "0.1.0", tagExists: false })).toEqual(
      [],
    );
    expect(
      releaseProblems("0.1.0", {
        status: " M README.md\n?? x\n",
        current: "0.1.0",
        tagExists: true,
      }),
    ).toEqual([
      "0.1.0 is not newer than package.json's 0.1.0.",
      "The tag v0.1.0 exists already.",
      "The working tree is not clean (2 paths in git status): commit or stash first, so that the tag holds exactly what was tested.",
    ]);
    expect(releaseProblems("v1", { status: "", current: "0.1.0", tagExists: false })).toEqual([
      '"v1" is not a version: give X.Y.Z, e.g. npm run release -- 1.0.0.',
    ]);
  });

  it("docs/action.md tells users to pin a release tag or a full commit sha; CHANGELOG.md can be released", async () => {
    const page = await readDoc("docs/action.md");
    expect(page).toMatch(
      /Pin the Action to a release tag \(`@v1\.0\.0`\) or, better, to that release's full commit sha/,
    );
    expect(page).toContain("npm run release -- 1.0.0");
    const changelog = await readDoc("CHANGELOG.md");
    expect(changelog).toContain("[Keep a Changelog](https://keepachangelog.com/");
    expect(() => releaseChangelog(changelog, "1.0.0", "2026-11-27")).not.toThrow();
  });
});
