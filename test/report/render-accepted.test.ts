import { describe, expect, it } from "vitest";
import { acceptId } from "../../src/acceptance/index.ts";
import { buildAnnotations } from "../../src/action/github/check-run.ts";
import { completedReason, deriveConclusion } from "../../src/pipeline/index.ts";
import {
  renderJsonReport,
  renderJunit,
  renderMarkdownReport,
  renderSarif,
} from "../../src/report/index.ts";
import { junitSchemaErrors } from "../helpers/validate-junit.ts";
import { sarifSchemaErrors } from "../helpers/validate-sarif.ts";
import { assetWith, issueWith, outcomeWith } from "./outcome-fixture.ts";

const ACCEPTANCE = {
  by: "@acme/legal",
  reason: "Legal approved it (LEG-142)",
  expires: "2027-03-01",
};
const critical = issueWith("c1", "critical", "Clinically proven");
const other = issueWith("c2", "critical", "Guaranteed");
const VERSION = "3f1c0a".padEnd(40, "0");

/** One file with two critical issues, the first accepted. */
function accepted() {
  const asset = assetWith("media/ad.txt", [critical, other], {
    accepted: new Map([["c1", ACCEPTANCE]]),
    file: { path: "/w/media/ad.txt", displayPath: "media/ad.txt", version: VERSION },
  });
  return { asset, outcome: outcomeWith([asset]) };
}

describe("reports of accepted issues", () => {
  it("deriveConclusion does not count an accepted issue, and fails on one nobody accepted", () => {
    const { asset } = accepted();
    expect(deriveConclusion("completed", [asset], "critical")).toBe("failure");
    const both = {
      ...asset,
      accepted: new Map([
        ["c1", ACCEPTANCE],
        ["c2", ACCEPTANCE],
      ]),
    };
    expect(deriveConclusion("completed", [both], "critical")).toBe("success");
    expect(completedReason([both], "critical")).toBe(
      "Reviewed 1 file: no issues at or above critical. 2 accepted issues not counted.",
    );
  });

  it("renderSarif suppresses an accepted result (external, accepted, with the justification) and stays valid SARIF 2.1.0", async () => {
    const log = renderSarif(accepted().outcome) as {
      runs: { results: { suppressions?: unknown }[] }[];
    };
    const [first, second] = log.runs[0]!.results;
    expect(first!.suppressions).toEqual([
      {
        kind: "external",
        status: "accepted",
        justification: "Legal approved it (LEG-142) (accepted by @acme/legal, until 2027-03-01)",
      },
    ]);
    expect(second!.suppressions).toBeUndefined();
    expect(await sarifSchemaErrors(log)).toEqual([]);
  });

  it("renderJunit passes a file whose every issue is accepted, and lists an accepted issue in a failure's text", async () => {
    const { asset, outcome } = accepted();
    const failing = renderJunit(outcome);
    expect(failing).toContain('failures="1"');
    expect(failing).toContain("Clinically proven (accepted)");
    const all = {
      ...asset,
      accepted: new Map([
        ["c1", ACCEPTANCE],
        ["c2", ACCEPTANCE],
      ]),
    };
    const passing = renderJunit(outcomeWith([all], "success"));
    expect(passing).toContain('failures="0"');
    expect(passing).not.toContain("<failure");
    for (const xml of [failing, passing])
      expect(await junitSchemaErrors(xml, "junit-10")).toEqual([]);
  });

  it("renderJsonReport gives each issue its acceptId and acceptance, and each file its content id", () => {
    const json = renderJsonReport(accepted().outcome, { name: "t", version: "0" }) as {
      assets: { content: string; issues: { id: string; acceptId: string; accepted: unknown }[] }[];
    };
    expect(json.assets[0]!.content).toBe(VERSION);
    expect(json.assets[0]!.issues.map((i) => [i.id, i.acceptId, i.accepted])).toEqual([
      ["c1", acceptId(critical), ACCEPTANCE],
      ["c2", acceptId(other), null],
    ]);
  });

  it("renderMarkdownReport and the annotations mark the accepted issue with who, why and until when", () => {
    const { outcome } = accepted();
    const md = renderMarkdownReport(outcome);
    expect(md).toContain(`accept id \`${acceptId(critical)}\``);
    expect(md).toContain("☑️ **Accepted** by @&#8203;acme/legal until 2027-03-01");
    expect(md).toContain(`Content id \`${VERSION}\``);
    const annotations = buildAnnotations(outcome, "critical");
    expect(annotations.map((a) => [a.annotation_level, a.title])).toEqual([
      ["notice", "accepted critical RULE_CRITICAL"],
      ["failure", "critical RULE_CRITICAL"],
    ]);
    expect(annotations[0]!.message).toContain("Accepted by @acme/legal until 2027-03-01");
  });
});
