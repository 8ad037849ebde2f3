import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/api/index.ts";
import { PACKAGE_HOMEPAGE } from "../../src/api/index.ts";
import { renderJsonReport, renderSarif } from "../../src/report/index.ts";
import {
  multitoolFindings,
  type SarifFinding,
  sarifSchemaErrors,
} from "../helpers/validate-sarif.ts";
import { assetWith, issueWith, outcomeWith } from "./outcome-fixture.ts";

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string };
      region?: { startLine: number; snippet?: { text: string } };
    };
  }[];
  partialFingerprints: Record<string, string>;
}
interface SarifRule {
  id: string;
  name?: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri?: string;
  help: { text: string; markdown: string };
  defaultConfiguration: { level: string };
}
interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; informationUri?: string; rules: SarifRule[] } };
    results: SarifResult[];
  }[];
}

const textAnchor = (line: number, quote: string) => ({
  anchor: { type: "text", page: 1, line, start: 10, end: 10 + quote.length, quote },
});
const named = (ruleCode: string, ruleName: string): Partial<Issue> => ({
  ruleCode,
  contributors: [{ ruleCode, ruleName }],
});

/** Media, a document, text with and without a line: every kind of location the renderer makes. */
function mixedOutcome() {
  return outcomeWith([
    assetWith("media/a.mp4", [issueWith("1", "critical", "c"), issueWith("2", "minor", "m")]),
    assetWith("media/b.png", [issueWith("3", "info", "i")]),
    assetWith("copy/claims.txt", [
      issueWith("4", "major", "Guaranteed results", {
        ...named("CLAIM_GUARANTEE", "Unqualified guarantee"),
        ...textAnchor(7, "guaranteed"),
      }),
      issueWith("5", "minor", "Whole file", named("URGENCY_PRESSURE", "Pressure tactic")),
    ]),
    assetWith("docs/brochure.pdf", [
      issueWith("6", "major", "On a page", {
        ...named("CLAIM_CLINICAL", "Clinical claim without substantiation"),
        ...textAnchor(3, "clinically"),
      }),
    ]),
    assetWith("copy/with space#1.md", [
      issueWith("7", "minor", "Free", {
        ...named("OFFER_FREE_NO_TERMS", "Free offer without terms"),
        ...textAnchor(2, "free"),
      }),
    ]),
  ]);
}

function render(outcome = mixedOutcome(), options = {}): SarifLog {
  return renderSarif(outcome, { toolVersion: "1.2.3", ...options }) as unknown as SarifLog;
}

describe("renderSarif", () => {
  it("renderSarif gives one result per issue with a level per severity and its rule's index", () => {
    const run = render().runs[0]!;
    expect(run.results.map((r) => [r.ruleId, r.level])).toEqual([
      ["RULE_CRITICAL", "error"],
      ["RULE_MINOR", "warning"],
      ["RULE_INFO", "note"],
      ["CLAIM_GUARANTEE", "error"],
      ["URGENCY_PRESSURE", "warning"],
      ["CLAIM_CLINICAL", "error"],
      ["OFFER_FREE_NO_TERMS", "warning"],
    ]);
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
    }
  });

  it("renderSarif points a text file's finding at its line with the quote, and anything else at the whole file", () => {
    const results = render().runs[0]!.results;
    const where = results.map((r) => [
      r.locations[0]!.physicalLocation.artifactLocation.uri,
      r.locations[0]!.physicalLocation.region ?? null,
    ]);
    expect(where).toEqual([
      ["media/a.mp4", null],
      ["media/a.mp4", null],
      ["media/b.png", null],
      ["copy/claims.txt", { startLine: 7, snippet: { text: "guaranteed" } }],
      // No line in the anchor: the whole file, never a made-up line 1.
      ["copy/claims.txt", null],
      // A document's line counts within its page: no line of the file.
      ["docs/brochure.pdf", null],
      ["copy/with%20space%231.md", { startLine: 2, snippet: { text: "free" } }],
    ]);
  });

  it("renderSarif keeps fingerprints stable and gives whole-file results the hash code scanning reads", () => {
    const first = render().runs[0]!.results;
    const again = render().runs[0]!.results;
    expect(again.map((r) => r.partialFingerprints)).toEqual(
      first.map((r) => r.partialFingerprints),
    );
    for (const result of first) {
      expect(result.partialFingerprints["contentReviewIssue/v1"]).toMatch(/^[0-9a-f]{64}$/);
      const lined = result.locations[0]!.physicalLocation.region !== undefined;
      // upload-sarif hashes the line of a lined result itself; a whole-file one needs ours.
      expect(result.partialFingerprints["primaryLocationLineHash"] === undefined).toBe(lined);
    }
    // Two identical findings in one file are two alerts, not one.
    const twice = render(
      outcomeWith([
        assetWith("media/a.mp4", [
          issueWith("1", "major", "same"),
          issueWith("2", "major", "same"),
        ]),
      ]),
    ).runs[0]!.results.map((r) => r.partialFingerprints["primaryLocationLineHash"]);
    expect(twice[0]).toMatch(/^[0-9a-f]{16}:1$/);
    expect(twice[1]).toBe(twice[0]!.replace(/:1$/, ":2"));
  });

  it("renderSarif describes each rule with a friendly name, descriptions, help and a help URI", () => {
    const rules = render().runs[0]!.tool.driver.rules;
    const guarantee = rules.find((r) => r.id === "CLAIM_GUARANTEE")!;
    expect(guarantee).toMatchObject({
      name: "UnqualifiedGuarantee",
      shortDescription: { text: "Unqualified guarantee" },
      fullDescription: { text: "Guaranteed results" },
      helpUri: "https://precedents.example.com/a",
      defaultConfiguration: { level: "error" },
    });
    expect(guarantee.help.text).toContain("Why major: Headline: Guaranteed results");
    expect(guarantee.help.text).toContain(
      "Guaranteed results (upheld, 2024-01-01): https://precedents.example.com/a",
    );
    expect(guarantee.help.markdown).toContain(
      "[Guaranteed results](https://precedents.example.com/a) (upheld, 2024-01-01)",
    );
    // Without a rule name the id gives the name, still different from the id.
    expect(rules.find((r) => r.id === "RULE_CRITICAL")!.name).toBe("RuleCritical");
    for (const rule of rules) {
      expect(rule.name).not.toBe(rule.id);
      expect(rule.name).toMatch(/^(\p{Lu}[\p{Ll}\p{Nd}]+)+$/u);
    }
  });

  it("renderSarif links help only to http(s) and defuses untrusted markdown in it", () => {
    const issue = issueWith("1", "major", "<img src=x onerror=alert(1)> @team", {
      precedents: [{ url: "javascript:alert(1)", title: "Evil" }],
    });
    const rule = render(outcomeWith([assetWith("a.txt", [issue])])).runs[0]!.tool.driver.rules[0]!;
    expect(rule.helpUri).toBeUndefined();
    expect(rule.help.markdown).not.toContain("javascript:");
    expect(rule.help.markdown).not.toContain("<img");
    expect(rule.help.markdown).toContain("@&#8203;team");
  });

  it("renderSarif names the tool with an information URI, by default the package's page", () => {
    expect(render().runs[0]!.tool.driver.informationUri).toBe(PACKAGE_HOMEPAGE);
    expect(
      render(mixedOutcome(), { informationUri: "https://example.com/tool" }).runs[0]!.tool.driver
        .informationUri,
    ).toBe("https://example.com/tool");
  });

  it("renderSarif output is valid against the SARIF 2.1.0 JSON schema", async () => {
    expect(await sarifSchemaErrors(render())).toEqual([]);
    // The check has teeth: a result without a message is not SARIF.
    const broken = render();
    delete (broken.runs[0]!.results[0] as Partial<SarifResult>).message;
    expect(await sarifSchemaErrors(broken)).not.toEqual([]);
  });

  it("renderSarif meets code scanning's upload rules (GitHub's ruleset of the SARIF validator)", () => {
    const log = render();
    expect(log.$schema).toBe("https://json.schemastore.org/sarif-2.1.0.json");
    expect(log.version).toBe("2.1.0");
    const run = log.runs[0]!;
    expect(run.tool.driver.name).not.toBe("");
    expect(run.tool.driver.informationUri).toMatch(/^https:\/\//);
    const ids = run.tool.driver.rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of run.tool.driver.rules) {
      // GH2012: shortDescription, fullDescription and help.text are required, non-empty.
      expect(rule.shortDescription.text.trim()).not.toBe("");
      expect(rule.fullDescription.text.trim()).not.toBe("");
      expect(rule.help.text.trim()).not.toBe("");
      expect(rule.help.markdown.trim()).not.toBe("");
      expect(rule.shortDescription.text.length).toBeLessThanOrEqual(1024);
      expect(rule.fullDescription.text.length).toBeLessThanOrEqual(1024);
      if (rule.helpUri !== undefined) expect(rule.helpUri).toMatch(/^https?:\/\//);
    }
    for (const result of run.results) {
      expect(result.message.text.trim()).not.toBe("");
      // GH1001: at least one location with an artifact URI; only the first is used.
      expect(result.locations).toHaveLength(1);
      const uri = result.locations[0]!.physicalLocation.artifactLocation.uri;
      // GH1005: repository paths are relative, with no scheme and no leading slash.
      expect(uri).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
      expect(uri).not.toMatch(/^\//);
      expect(Object.keys(result.partialFingerprints).length).toBeGreaterThan(0);
      const region = result.locations[0]!.physicalLocation.region;
      if (region !== undefined) expect(region.startLine).toBeGreaterThanOrEqual(1);
    }
  });

  /** The renderer's log, and one whose rules have no help and are named as their id. */
  function validatorLogs(): { log: SarifLog; withoutHelp: SarifLog } {
    const withoutHelp = render();
    for (const rule of withoutHelp.runs[0]!.tool.driver.rules) {
      delete (rule as Partial<SarifRule>).help;
      rule.name = rule.id;
    }
    return { log: render(), withoutHelp };
  }
  // Both logs go through one run of the validator (a .NET tool: its start is most of its cost).
  let validated: Promise<{ logs: ReturnType<typeof validatorLogs>; findings: SarifFinding[][] }>;
  const validate = () => {
    validated ??= (async () => {
      const logs = validatorLogs();
      return { logs, findings: await multitoolFindings([logs.log, logs.withoutHelp]) };
    })();
    return validated;
  };

  it("renderSarif passes Microsoft's SARIF validator with GitHub's rules: no error, no warning but whole-file regions", async () => {
    const {
      logs: { log },
      findings: [findings],
    } = await validate();
    expect(findings!.filter((f) => f.level === "error")).toEqual([]);
    // SARIF2017 asks for a region everywhere; a whole-file finding has none on purpose (code
    // scanning reads a result without a region as one about the whole file).
    const wholeFile = log.runs[0]!.results.flatMap((r, i) =>
      r.locations[0]!.physicalLocation.region === undefined
        ? [`runs[0].results[${i}].locations[0].physicalLocation`]
        : [],
    );
    expect(findings!.filter((f) => f.ruleId !== "SARIF2017")).toEqual([]);
    expect(findings!.map((f) => f.path).sort()).toEqual(wholeFile.sort());
  });

  it("the SARIF validator check has teeth: rules without help and named as their id are reported", async () => {
    const {
      findings: [, withoutHelp],
    } = await validate();
    const ruleIds = new Set(withoutHelp!.map((f) => f.ruleId));
    expect(ruleIds).toContain("GH2012");
    expect(ruleIds).toContain("SARIF1001");
  });

  it("renderSarif makes an absolute path (a CLI file outside the working directory) a file URI", () => {
    const uris = render(
      outcomeWith([
        assetWith("/home/me/a b.txt", [issueWith("1", "major", "x")]),
        assetWith("C:\\work\\b.txt", [issueWith("2", "major", "y")]),
      ]),
    ).runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri);
    expect(uris).toEqual(["file:///home/me/a%20b.txt", "file:///C:/work/b.txt"]);
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
