import { describe, expect, it } from "vitest";
import type { AssetReview, ReviewOutcome } from "../../src/pipeline/index.ts";
import { countBySeverity } from "../../src/report/index.ts";
import { renderJunit } from "../../src/report/render-junit.ts";
import { assetWith, issuesOf, outcomeOf } from "./outcome-fixture.ts";

function asset(path: string, severities: string[], failure: string | null = null): AssetReview {
  return assetWith(
    path,
    issuesOf(severities, path, (i) => `summary <${i}> & "quoted"`),
    {
      file: { path: `/abs/${path}`, displayPath: path },
      assetId: path,
      blobPath: `${path}/x`,
      status: failure ? "failed" : "complete",
      failure: failure
        ? {
            errorMessage: failure,
            errorType: "unreadable_media",
            isRetryable: false,
            retryCount: 0,
          }
        : null,
    },
  );
}

function outcome(partial: Partial<ReviewOutcome>): ReviewOutcome {
  return outcomeOf({
    conclusion: "failure",
    reason: "The submission ended partial.",
    submissionId: "s",
    submissionStatus: "partial",
    counts: countBySeverity([]),
    issueCount: 0,
    failedAssetCount: 0,
    ...partial,
  });
}

describe("renderJunit", () => {
  it("one case per file: failures at or above fail-on, errors for failed reviews, skips", () => {
    const xml = renderJunit(
      outcome({
        assets: [
          asset("a.txt", ["minor"]),
          asset("b.txt", ["critical", "info"]),
          asset("c.mp4", [], "Cannot read media"),
        ],
        skipped: [
          {
            file: { path: "/abs/d.exe", displayPath: "d.exe" },
            reason: "unsupported-type",
            message: "not supported",
          },
        ],
      }),
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="content-review" tests="4" failures="1" errors="1" skipped="1">/,
    );
    expect(xml).toContain('<testcase classname="content-review" name="a.txt"/>');
    expect(xml).toContain(
      '<testcase classname="content-review" name="b.txt"><failure message="1 issue at or above major (1 critical, 1 info)" type="major">[critical] RULE_0: summary &lt;0&gt; &amp; &quot;quoted&quot;\n[info] RULE_1: summary &lt;1&gt; &amp; &quot;quoted&quot;</failure></testcase>',
    );
    expect(xml).toContain('<error message="Cannot read media" type="unreadable_media"/>');
    expect(xml).toContain('<skipped message="unsupported-type: not supported"/>');
    expect(xml).not.toContain("/abs/");
  });

  it.each([
    ["budget-exceeded", "error"],
    ["timed-out", "error"],
    ["submitted-no-wait", "skipped"],
  ] as const)("a run that ended %s is one %s case with the reason", (status, kind) => {
    const xml = renderJunit(outcome({ status, reason: "Why it ended." }));
    expect(xml).toContain(
      `<testcase classname="content-review" name="review run"><${kind} message="Why it ended."`,
    );
    expect(xml).toContain('tests="1"');
  });

  it("drops control characters XML cannot carry", () => {
    const xml = renderJunit(outcome({ assets: [asset("bad\u0001name.txt", ["major"])] }));
    expect(xml).toContain('name="badname.txt"');
  });
});
