import { describe, expect, it } from "vitest";
import { renderJsonReport, renderSarif } from "../../src/report/index.ts";
import { assetWith, issueWith, outcomeWith } from "./outcome-fixture.ts";

describe("renderSarif", () => {
  it("renderSarif gives one result per issue at line 1 with a level per severity", () => {
    const sarif = renderSarif(
      outcomeWith([
        assetWith("media/a.mp4", [issueWith("1", "critical", "c"), issueWith("2", "minor", "m")]),
        assetWith("media/b.png", [issueWith("3", "info", "i")]),
      ]),
      { toolVersion: "1.2.3" },
    ) as {
      version: string;
      runs: {
        tool: { driver: { rules: unknown[] } };
        results: {
          ruleId: string;
          level: string;
          locations: {
            physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
          }[];
        }[];
      }[];
    };
    expect(sarif.version).toBe("2.1.0");
    const results = sarif.runs[0]!.results;
    expect(
      results.map((r) => [
        r.ruleId,
        r.level,
        r.locations[0]!.physicalLocation.artifactLocation.uri,
      ]),
    ).toEqual([
      ["RULE_CRITICAL", "error", "media/a.mp4"],
      ["RULE_MINOR", "warning", "media/a.mp4"],
      ["RULE_INFO", "note", "media/b.png"],
    ]);
    expect(results.every((r) => r.locations[0]!.physicalLocation.region.startLine === 1)).toBe(
      true,
    );
    expect(sarif.runs[0]!.tool.driver.rules).toHaveLength(3);
  });
});

describe("renderJsonReport", () => {
  it("renderJsonReport names files by display path only", () => {
    const json = renderJsonReport(
      outcomeWith([assetWith("media/a.mp4", [issueWith("1", "major", "m")])]),
      {
        name: "t",
        version: "1",
      },
    );
    expect(JSON.stringify(json)).not.toContain("/runner/work");
    expect(json).toMatchObject({
      reportVersion: 1,
      issueCount: 1,
      assets: [{ path: "media/a.mp4", issueCount: 1 }],
    });
  });
});
