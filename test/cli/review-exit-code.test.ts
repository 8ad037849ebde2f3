import { describe, expect, it } from "vitest";
import { ConfigurationError, DomainError } from "../../src/api/index.ts";
import { EXIT_CODES, reviewExitCode } from "../../src/cli/index.ts";
import type { ReviewOutcome } from "../../src/pipeline/index.ts";
import { asset, outcome, skipped } from "./review-outcome-fixture.ts";

describe("reviewExitCode", () => {
  const cases: [string, ReviewOutcome, number][] = [
    ["no issues", outcome({ assets: [asset([])] }), EXIT_CODES.ok],
    ["issues below --fail-on", outcome({ assets: [asset(["minor", "info"])] }), EXIT_CODES.ok],
    [
      "an issue at --fail-on",
      outcome({ assets: [asset(["minor", "major"])] }),
      EXIT_CODES.findings,
    ],
    ["an unknown severity never fails", outcome({ assets: [asset(["weird"])] }), EXIT_CODES.ok],
    ["a failed asset", outcome({ assets: [asset([], true)] }), EXIT_CODES.service],
    [
      "findings win over a failed asset",
      outcome({ assets: [asset(["critical"]), asset([], true)] }),
      EXIT_CODES.findings,
    ],
    ["budget exceeded", outcome({ status: "budget-exceeded" }), EXIT_CODES.budget],
    ["timed out", outcome({ status: "timed-out" }), EXIT_CODES.service],
    ["cancelled", outcome({ status: "cancelled" }), EXIT_CODES.interrupted],
    ["submitted without waiting", outcome({ status: "submitted-no-wait" }), EXIT_CODES.ok],
    ["nothing to review", outcome({ status: "nothing-to-review" }), EXIT_CODES.usage],
    [
      "nothing to review: every file was refused locally",
      outcome({ status: "nothing-to-review", skipped: [skipped("a.exe", "unsupported-type")] }),
      EXIT_CODES.usage,
    ],
    [
      "nothing to review: every upload failed (service or network)",
      outcome({
        status: "nothing-to-review",
        skipped: [skipped("a.txt", "unsupported-type"), skipped("b.txt", "upload-failed")],
      }),
      EXIT_CODES.service,
    ],
    [
      "a file whose upload failed for good, the others clean",
      outcome({ assets: [asset([])], skipped: [skipped("b.txt", "upload-failed")] }),
      EXIT_CODES.service,
    ],
    [
      "a file refused locally, the others clean",
      outcome({ assets: [asset([])], skipped: [skipped("b.exe", "unsupported-type")] }),
      EXIT_CODES.ok,
    ],
    [
      "a discovered file skipped as too large, the others clean",
      outcome({ assets: [asset([])], skipped: [skipped("b.png", "too-large")] }),
      EXIT_CODES.usage,
    ],
    [
      "a discovered link skipped, the others clean",
      outcome({ assets: [asset([])], skipped: [skipped("b.txt", "symlink")] }),
      EXIT_CODES.usage,
    ],
    [
      "an empty file skipped, the others clean",
      outcome({ assets: [asset([])], skipped: [skipped("b.txt", "empty")] }),
      EXIT_CODES.ok,
    ],
    [
      "a failed upload wins over a file skipped as too large",
      outcome({
        assets: [asset([])],
        skipped: [skipped("a.png", "too-large"), skipped("b.txt", "upload-failed")],
      }),
      EXIT_CODES.service,
    ],
    [
      "findings win over a failed upload",
      outcome({ assets: [asset(["critical"])], skipped: [skipped("b.txt", "upload-failed")] }),
      EXIT_CODES.findings,
    ],
    [
      "a service error",
      outcome({
        status: "error",
        error: {
          name: "DomainError",
          message: "x",
          cause: new DomainError("x", {
            status: 400,
            operation: "createSubmission",
            body: { detail: "x" },
          }),
        },
      }),
      EXIT_CODES.service,
    ],
    [
      "a configuration error",
      outcome({
        status: "error",
        error: {
          name: "ConfigurationError",
          message: "x",
          cause: new ConfigurationError("x", { input: "f" }),
        },
      }),
      EXIT_CODES.usage,
    ],
  ];
  it.each(cases.map(([name, value, code]) => [name, code, value] as const))(
    "%s exits %i",
    (_name, code, value) => {
      expect(reviewExitCode(value)).toBe(code);
    },
  );
});
