// @ts-nocheck
import { describe, expect, it } from "vitest";
import type { AssetReview, ReviewOutcome } from "../../src/pipeline/index.ts";
import { countBySeverity } from "../../src/policy/index.ts";
import { renderJunit } from "../../src/report/render-junit.ts";
import { JUNIT_SCHEMAS, junitSchemaErrors } from "../helpers/validate-junit.ts";
import { assetWith, issuesOf, outcomeOf } from "./outcome-fixture.ts";

function asset(
  path: string,
  severities: string[],
  failure: string | null = null,
  processingSeconds: number | null = null,
): AssetReview {
  return assetWith(
    path,
    issuesOf(severities, path, (i) => `summary <${i}> & "quoted"`),
    {
      file: { path: `/abs/${path}`, displayPath: path },
      assetId: path,
      blobPath: `${path}/x`,
      processingSeconds,
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

/** Every kind of case: pass, failure, error, skipped, with and without timings. */
function mixed(partial: Partial<ReviewOutcome> = {}): ReviewOutcome {
  return outcome({
    assets: [
      asset("a.txt", ["minor"], null, 1.5),
      asset("b.txt", ["critical", "info"], null, 12.25),
      asset("c.mp4", [], "Cannot read media"),
    ],
    skipped: [
      {
        file: { path: "/abs/d.exe", displayPath: "d.exe" },
        reason: "unsupported-type",
        message: "not supported",
      },
    ],
    ...partial,
  });
}

describe("renderJunit", () => {
  it("one case per file: failures at or above fail-on, errors for failed reviews, skips", () => {
    const xml = renderJunit(mixed());
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="content-review" tests="4" failures="1" errors="1" time="13.750">\n {2}<testsuite name="content-review" tests="4" failures="1" errors="1" skipped="1" time="13.750">/,
    );
    expect(xml).toContain('<testcase classname="content-review" name="a.txt" time="1.500"/>');
    expect(xml).toContain(
      '<testcase classname="content-review" name="b.txt" time="12.250"><failure message="1 issue at or above major (1 critical, 1 info)" type="major">[critical] RULE_0: summary &lt;0&gt; &amp; &quot;quoted&quot;\n[info] RULE_1: summary &lt;1&gt; &amp; &quot;quoted&quot;</failure></testcase>',
    );
    expect(xml).toContain(
      '<testcase classname="content-review" name="c.mp4" time="0.000"><error message="Cannot read media" type="unreadable_media"/>',
    );
    expect(xml).toContain(
      '<testcase classname="content-review" name="d.exe" time="0.000"><skipped>unsupported-type: not supported</skipped>',
    );
    expect(xml).not.toContain("/abs/");
  });

  it("the suites' time is the submission's wall time when the service gives it", () => {
    const xml = renderJunit(
      mixed({
        lastSubmission: {
          submissionId: "s",
          status: "complete",
          assets: [],
          createdAt: "2025-01-01T10:00:00.000Z",
          completedAt: "2025-01-01T10:01:05.500Z",
        },
      }),
    );
    expect(xml).toContain(
      '<testsuites name="content-review" tests="4" failures="1" errors="1" time="65.500">',
    );
    expect(xml).toContain('skipped="1" time="65.500">');
  });

  it.each([
    ["budget-exceeded", "error"],
    ["timed-out", "error"],
  ] as const)("a run that ended %s is one %s case with the reason", (status, kind) => {
    const xml = renderJunit(outcome({ status, reason: "Why it ended." }));
    expect(xml).toContain(
      `<testcase classname="content-review" name="review run" time="0.000"><${kind} message="Why it ended."`,
    );
    expect(xml).toContain('tests="1"');
  });

  it("a run submitted without waiting is one skipped case with the reason", () => {
    const xml = renderJunit(outcome({ status: "submitted-no-wait", reason: "Not waiting." }));
    expect(xml).toContain(
      '<testcase classname="content-review" name="review run" time="0.000"><skipped>Not waiting.</skipped></testcase>',
    );
  });

  it("drops control characters XML cannot carry", () => {
    const xml = renderJunit(outcome({ assets: [asset("bad\u0001name.txt", ["major"])] }));
    expect(xml).toContain('name="badname.txt"');
  });

  it.each(Object.keys(JUNIT_SCHEMAS) as (keyof typeof JUNIT_SCHEMAS)[])(
    "renderJunit output is valid against Jenkins' %s schema, for every kind of case and run",
    async (schema) => {
      const reports = [
        renderJunit(mixed()),
        renderJunit(outcome({ status: "submitted-no-wait", reason: "Not waiting." })),
        renderJunit(outcome({ status: "timed-out", reason: "Timed out." })),
        renderJunit(outcome({ status: "nothing-to-review", reason: "" })),
      ];
      for (const xml of reports) expect(await junitSchemaErrors(xml, schema)).toEqual([]);
    },
  );

  it.each(Object.keys(JUNIT_SCHEMAS) as (keyof typeof JUNIT_SCHEMAS)[])(
    "the %s schema check has teeth: it rejects the skipped count on <testsuites>",
    async (schema) => {
      const xml = renderJunit(mixed()).replace('errors="1" time=', 'errors="1" skipped="1" time=');
      expect((await junitSchemaErrors(xml, schema)).join("\n")).toContain(
        "Element 'testsuites', attribute 'skipped'",
      );
    },
  );
});
