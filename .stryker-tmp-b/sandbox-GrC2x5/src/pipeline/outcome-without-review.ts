// @ts-nocheck
import { redact } from "../api/index.ts";
import {
  CONCLUSION_BY_STATUS,
  countBySeverity,
  DEFAULT_FAIL_ON,
  type FailOn,
  type ReviewStatus,
} from "../policy/index.ts";
import type { ReviewOutcome } from "./review-outcome.ts";

/**
 * An outcome for a run that ended before the pipeline could start (invalid input, a fork PR
 * without secrets, no files), so that callers report every path the same way.
 */
export function outcomeWithoutReview(options: {
  status: Exclude<ReviewStatus, "completed">;
  reason: string;
  failOn?: FailOn;
  environment?: "live" | "sandbox";
  error?: unknown;
  secrets?: readonly string[];
}): ReviewOutcome {
  const secrets = options.secrets ?? [];
  const error = options.error as Error | undefined;
  return {
    status: options.status,
    conclusion: CONCLUSION_BY_STATUS[options.status],
    reason: redact(options.reason, secrets),
    environment: options.environment ?? "live",
    failOn: options.failOn ?? DEFAULT_FAIL_ON,
    maxCredits: null,
    submissionId: null,
    submissionStatus: null,
    skipped: [],
    uploaded: [],
    estimate: null,
    assets: [],
    counts: countBySeverity([]),
    issueCount: 0,
    failedAssetCount: 0,
    error:
      error === undefined
        ? null
        : {
            name: error.name ?? "Error",
            message: redact(error.message ?? String(error), secrets),
            cause: error,
          },
    lastSubmission: null,
    record: null,
  };
}
