import {
  blockingIssues,
  blockingSkips,
  type ReviewOutcome,
  SERVICE_SKIP_REASONS,
} from "../pipeline/index.ts";
import type { ReviewStatus } from "../policy/index.ts";
import { exitCodeForError } from "./exit-code-for-error.ts";
import { EXIT_CODES, type ExitCode } from "./exit-codes.ts";

/** Exit code per way a review run can end; `completed` depends on what was found. */
export const EXIT_CODE_BY_REVIEW_STATUS: Readonly<
  Record<Exclude<ReviewStatus, "completed" | "error">, ExitCode>
> = Object.freeze({
  "budget-exceeded": EXIT_CODES.budget,
  "timed-out": EXIT_CODES.service,
  cancelled: EXIT_CODES.interrupted,
  "submitted-no-wait": EXIT_CODES.ok,
  // Every file was unusable (type, size, link) or none matched: fix the input.
  "nothing-to-review": EXIT_CODES.usage,
});

/**
 * The exit code of `review`: 1 when any issue nobody accepted is at or above `--fail-on`; otherwise 3 when an
 * asset failed for good, its results could not be read or its upload failed; otherwise 2 when a
 * file was skipped before review for a reason that fails the run (a link, too large, not a file,
 * unreadable: the report's conclusion is `failure`, and exit 0 would pass content nobody
 * reviewed); otherwise 0. A run
 * that ended early maps through {@link EXIT_CODE_BY_REVIEW_STATUS} (a run with nothing left to
 * submit because uploads failed gives 3, not 2); an error by the kind of error.
 */
export function reviewExitCode(outcome: ReviewOutcome): ExitCode {
  if (outcome.status === "error") return exitCodeForError(outcome.error?.cause);
  const uploadFailed = outcome.skipped.some((s) => SERVICE_SKIP_REASONS.has(s.reason));
  if (outcome.status === "nothing-to-review" && uploadFailed) return EXIT_CODES.service;
  if (outcome.status !== "completed") return EXIT_CODE_BY_REVIEW_STATUS[outcome.status];
  // Accepted issues (`--accepted`) never fail the run.
  const findings = outcome.assets.some((a) => blockingIssues(a, outcome.failOn).length > 0);
  if (findings) return EXIT_CODES.findings;
  if (outcome.failedAssetCount > 0 || uploadFailed) return EXIT_CODES.service;
  if (blockingSkips(outcome.skipped).length > 0) return EXIT_CODES.usage;
  return EXIT_CODES.ok;
}
