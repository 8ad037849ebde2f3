// @ts-nocheck
import type { EmulatorContext } from "../context.ts";
import { SANDBOX_ERRORS, sandboxIssues } from "../review/sandbox-outcomes.ts";
import type { AssetRecord } from "../state/emulator-state.ts";

/**
 * Starts a sandbox asset (part 3.2, part 4.14). Outcomes are immediate unless
 * `simulationDelaySeconds` is set; `__sandbox_pending__` stays processing forever.
 * Sandbox outcomes emit no webhook events: only the fire endpoint does (part 6).
 */
export function startSandboxAsset(
  ctx: EmulatorContext,
  asset: AssetRecord,
  delaySeconds: number,
): void {
  const at = ctx.now();
  asset.startedAt = at.toISOString();
  asset.status = "processing";
  if (asset.sandboxOutcome === "pending") return;
  if (delaySeconds > 0) {
    asset.dueAt = new Date(at.getTime() + delaySeconds * 1000).toISOString();
    ctx.scheduler.schedule(delaySeconds * 1000, () => finishSandboxAsset(ctx, asset.assetId));
    return;
  }
  finishSandboxAsset(ctx, asset.assetId);
}

/** Resumes a delayed sandbox asset after a `--data-dir` restart. */
export function resumeSandboxAsset(ctx: EmulatorContext, asset: AssetRecord): void {
  if (!asset.dueAt) return;
  const wait = Math.max(0, Date.parse(asset.dueAt) - ctx.now().getTime());
  ctx.scheduler.schedule(wait, () => finishSandboxAsset(ctx, asset.assetId));
}

function finishSandboxAsset(ctx: EmulatorContext, assetId: string): void {
  const asset = ctx.state.assets[assetId];
  if (asset?.status !== "processing") return;
  const outcome = asset.sandboxOutcome ?? "pass";
  const at = ctx.now().toISOString();
  asset.dueAt = null;
  asset.completedAt = at;
  if (outcome === "error" || outcome === "retryable_error") {
    const error = SANDBOX_ERRORS[outcome];
    asset.status = "failed";
    asset.errorMessage = error.message;
    asset.errorType = error.errorType;
    asset.isRetryable = error.isRetryable;
    asset.issues = null;
  } else {
    asset.status = "complete";
    asset.issues = sandboxIssues(outcome, asset.assetId, asset.sidekickIds, at);
    asset.isRetryable = false;
  }
  ctx.persist();
}

/** A retry of a retryable sandbox asset succeeds at once (part 4.14 rule 5). */
export function recoverSandboxAsset(ctx: EmulatorContext, asset: AssetRecord): void {
  const at = ctx.now().toISOString();
  asset.status = "complete";
  asset.startedAt = at;
  asset.completedAt = at;
  asset.errorMessage = null;
  asset.errorType = null;
  asset.isRetryable = false;
  asset.issues = [];
  ctx.persist();
}
