// @ts-nocheck
import type { EmulatorContext } from "../context.ts";
import { SANDBOX_ERRORS, worstOutcome } from "../review/sandbox-outcomes.ts";
import type {
  AssetRecord,
  AssetStatus,
  SandboxOutcome,
  SubmissionRecord,
} from "../state/emulator-state.ts";

const TERMINAL_ASSET: ReadonlySet<AssetStatus> = new Set(["complete", "failed"]);

export function isTerminalAsset(asset: AssetRecord): boolean {
  return TERMINAL_ASSET.has(asset.status);
}

/** The outcome an asset shows now: a recovered retryable error counts as a pass. */
function currentOutcome(asset: AssetRecord): SandboxOutcome {
  if (asset.status === "failed") return asset.isRetryable ? "retryable_error" : "error";
  if (asset.status === "complete")
    return asset.sandboxOutcome === "retryable_error" ? "pass" : (asset.sandboxOutcome ?? "pass");
  return "pending";
}

const STATUS_OF_OUTCOME: Readonly<Record<SandboxOutcome, AssetStatus>> = Object.freeze({
  error: "failed",
  retryable_error: "failed",
  fail: "complete",
  advisory: "complete",
  pass: "complete",
  pending: "processing",
});

/** Submission-level status and failure fields (parts 2.9, 3 and 4.14 rule 4). */
export function submissionSummary(
  ctx: EmulatorContext,
  submission: SubmissionRecord,
): {
  status: AssetStatus;
  errorMessage: string | null;
  isRetryable: boolean | null;
  completedAt: string | null;
} {
  const assets = submission.assetIds.map((id) => ctx.state.assets[id]!);
  const completedAt = (list: AssetRecord[]) =>
    list
      .map((a) => a.completedAt)
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1) ?? null;
  if (submission.kind === "sandbox") {
    // While simulationDelaySeconds runs, every asset is processing.
    if (assets.some((a) => a.dueAt !== null)) {
      return { status: "processing", errorMessage: null, isRetryable: false, completedAt: null };
    }
    const worst = worstOutcome(assets.map(currentOutcome));
    const status = STATUS_OF_OUTCOME[worst];
    const error =
      worst === "error" || worst === "retryable_error" ? SANDBOX_ERRORS[worst] : undefined;
    return {
      status,
      errorMessage: error?.message ?? null,
      isRetryable: error?.isRetryable ?? false,
      completedAt: status === "processing" ? null : completedAt(assets.filter(isTerminalAsset)),
    };
  }
  if (!assets.every(isTerminalAsset)) {
    const status = assets.some((a) => a.status === "processing" || isTerminalAsset(a))
      ? "processing"
      : "queued";
    return { status, errorMessage: null, isRetryable: null, completedAt: null };
  }
  const failed = assets.filter((a) => a.status === "failed");
  if (failed.length === 0)
    return {
      status: "complete",
      errorMessage: null,
      isRetryable: null,
      completedAt: completedAt(assets),
    };
  const status = failed.length === assets.length ? "failed" : "partial";
  return {
    status,
    errorMessage:
      status === "failed"
        ? (failed[0]!.errorMessage ?? "Processing failed")
        : `${failed.length} of ${assets.length} assets failed`,
    isRetryable: failed.every((a) => a.isRetryable === true),
    completedAt: completedAt(assets),
  };
}

/** `GET /api/submissions/{id}` (part 2.9). */
export function submissionView(
  ctx: EmulatorContext,
  submission: SubmissionRecord,
): Record<string, unknown> {
  const summary = submissionSummary(ctx, submission);
  return {
    submissionId: submission.submissionId,
    status: summary.status,
    assets: submission.assetIds.map((id) => {
      const a = ctx.state.assets[id]!;
      return {
        assetId: a.assetId,
        status: a.status,
        filename: a.filename,
        blobPath: a.blobPath,
        errorMessage: a.errorMessage,
        errorType: a.errorType,
        isRetryable: a.isRetryable,
        retryCount: a.retryCount,
        issueCount: a.issues ? a.issues.length : null,
      };
    }),
    errorMessage: summary.errorMessage,
    isRetryable: summary.isRetryable,
    createdAt: submission.createdAt,
    completedAt: summary.completedAt,
  };
}

/** AssetResult (part 2.1). */
export function assetView(asset: AssetRecord): Record<string, unknown> {
  return {
    assetId: asset.assetId,
    submissionId: asset.submissionId,
    filename: asset.filename,
    mimeType: asset.mimeType,
    status: asset.status,
    issueCount: asset.issues ? asset.issues.length : null,
    versionNumber: asset.versionNumber,
    versionGroupId: asset.versionGroupId,
    tags: asset.tags.map((t) => ({ key: t.key, value: t.value, isPlain: t.isPlain })),
    contextItems: asset.contextItems,
    startedAt: asset.startedAt,
    completedAt: asset.completedAt,
  };
}
