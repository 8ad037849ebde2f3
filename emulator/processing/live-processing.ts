import { mediaTypeForMime } from "../../src/api/index.ts";
import type { EmulatorContext } from "../context.ts";
import { measureMedia } from "../media/measure-media.ts";
import { reviewContent } from "../review/review-content.ts";
import type { AssetRecord } from "../state/emulator-state.ts";
import { dispatchEvent } from "../webhooks/dispatch-event.ts";
import { blobFile } from "./blob-file.ts";

/**
 * Filename conventions for live failures (documented in docs/emulator.md):
 * the first attempt fails retryably, or every attempt fails for good.
 */
export const LIVE_FAILURE_MARKERS = Object.freeze({
  retryable: "__emulator_retryable__",
  error: "__emulator_error__",
  /** The issues and topics endpoints answer 502 for this asset (part 4.7). */
  corruptDetail: "__emulator_corrupt_detail__",
});

/**
 * Live review timeline: queued for half of `processingSeconds` (startedAt null), then
 * processing for the other half, then complete or failed (part 2.1, part 3). With
 * `processingSeconds` 0 (instant processing) the review starts without a timer, once the
 * caller's synchronous work is done (its answer still says queued), and the promise returned
 * settles when it has finished: the caller answers after it, so that no read after the answer
 * sees a review that takes no time still running.
 */
export function scheduleLiveAsset(ctx: EmulatorContext, asset: AssetRecord): Promise<void> {
  const halfMs = ctx.state.settings.processingSeconds * 500;
  asset.status = "queued";
  asset.startedAt = null;
  asset.completedAt = null;
  asset.dueAt = new Date(ctx.now().getTime() + halfMs).toISOString();
  if (halfMs === 0) {
    // After the caller's own synchronous work: its answer describes the asset as queued.
    return Promise.resolve().then(() => {
      if (asset.status !== "queued") return;
      beginProcessing(ctx, asset, 0);
      return settleLiveAsset(ctx, asset.assetId);
    });
  }
  ctx.scheduler.schedule(halfMs, () => startProcessing(ctx, asset.assetId, halfMs));
  return Promise.resolve();
}

function beginProcessing(ctx: EmulatorContext, asset: AssetRecord, halfMs: number): void {
  asset.status = "processing";
  asset.startedAt = ctx.now().toISOString();
  asset.dueAt = new Date(ctx.now().getTime() + halfMs).toISOString();
  ctx.persist();
}

function startProcessing(ctx: EmulatorContext, assetId: string, halfMs: number): void {
  const asset = ctx.state.assets[assetId];
  if (asset?.status !== "queued") return;
  beginProcessing(ctx, asset, halfMs);
  ctx.scheduler.schedule(halfMs, () => void settleLiveAsset(ctx, assetId));
}

/** Resumes live assets that were queued or processing when a `--data-dir` emulator stopped. */
export function resumeLiveAsset(ctx: EmulatorContext, asset: AssetRecord): void {
  const wait = asset.dueAt ? Math.max(0, Date.parse(asset.dueAt) - ctx.now().getTime()) : 0;
  if (asset.status === "queued")
    ctx.scheduler.schedule(wait, () => startProcessing(ctx, asset.assetId, wait));
  else if (asset.status === "processing")
    ctx.scheduler.schedule(wait, () => void settleLiveAsset(ctx, asset.assetId));
}

/**
 * Finishes review (in the background unless the caller awaits it). An unexpected error must not
 * reject unhandled (that would stop the whole emulator): the asset fails retryably instead, so a
 * client can retry it.
 */
function settleLiveAsset(ctx: EmulatorContext, assetId: string): Promise<void> {
  return finishLiveAsset(ctx, assetId).catch((error: unknown) => {
    ctx.config.log(`internal error while reviewing asset ${assetId}: ${(error as Error).message}`);
    const asset = ctx.state.assets[assetId];
    if (asset?.status !== "processing" || ctx.scheduler.closed) return;
    asset.status = "failed";
    asset.completedAt = ctx.now().toISOString();
    asset.dueAt = null;
    asset.issues = null;
    asset.errorMessage = "Internal emulator error during review; retry the asset";
    asset.errorType = "internal_error";
    asset.isRetryable = true;
    ctx.persist();
    emitOutcome(ctx, asset);
  });
}

async function finishLiveAsset(ctx: EmulatorContext, assetId: string): Promise<void> {
  const asset = ctx.state.assets[assetId];
  if (asset?.status !== "processing") return;
  const failure = await decideFailure(ctx, asset);
  const reviewed = failure ? undefined : await review(ctx, asset);
  if (ctx.scheduler.closed || asset.status !== "processing") return;
  const at = ctx.now().toISOString();
  asset.completedAt = at;
  asset.dueAt = null;
  if (failure ?? reviewed?.failure) {
    const f = (failure ?? reviewed?.failure)!;
    asset.status = "failed";
    asset.errorMessage = f.message;
    asset.errorType = f.errorType;
    asset.isRetryable = f.retryable;
    asset.issues = null;
  } else {
    asset.status = "complete";
    asset.issues = reviewed?.issues ?? [];
    asset.errorMessage = null;
    asset.errorType = null;
    asset.isRetryable = null;
  }
  ctx.persist();
  ctx.config.log(`asset ${asset.assetId} ${asset.status}`);
  emitOutcome(ctx, asset);
}

interface Failure {
  message: string;
  errorType: string;
  retryable: boolean;
}

async function decideFailure(
  ctx: EmulatorContext,
  asset: AssetRecord,
): Promise<Failure | undefined> {
  if (asset.filename.includes(LIVE_FAILURE_MARKERS.error)) {
    return {
      message: "Emulated processing error; this asset cannot be processed",
      errorType: "processing_error",
      retryable: false,
    };
  }
  const firstAttempt = asset.retryCount === 0;
  if (firstAttempt && asset.filename.includes(LIVE_FAILURE_MARKERS.retryable)) {
    return {
      message: "Emulated transient processing failure; retry the asset",
      errorType: "transient_error",
      retryable: true,
    };
  }
  if (firstAttempt && ctx.random() < ctx.state.settings.retryableFailureRate) {
    return {
      message: "Emulated transient processing failure; retry the asset",
      errorType: "transient_error",
      retryable: true,
    };
  }
  return undefined;
}

async function review(
  ctx: EmulatorContext,
  asset: AssetRecord,
): Promise<{ issues?: ReturnType<typeof reviewContent>; failure?: Failure }> {
  const type = asset.mimeType ? mediaTypeForMime(asset.mimeType) : undefined;
  const upload = ctx.state.uploads[asset.blobPath];
  if (!type || !upload?.size) {
    return {
      failure: {
        message: "The uploaded file is missing",
        errorType: "storage_error",
        retryable: false,
      },
    };
  }
  const content = await measureMedia(blobFile(ctx, asset.assetId), type.mimeType, upload.size);
  if (!content.measurement.priceable && content.measurement.unreadableReason) {
    return {
      failure: {
        message: `The file could not be read (${content.measurement.unreadableReason}); upload a valid ${type.mimeType} file`,
        errorType: "unreadable_media",
        retryable: false,
      },
    };
  }
  const issues = reviewContent({
    assetId: asset.assetId,
    category: type.category,
    facts: content.measurement.facts,
    pages: content.pages,
    sidekickIds: asset.sidekickIds,
    at: ctx.now().toISOString(),
  });
  return { issues };
}

/** Part 6: real processing emits completed or failed for live assets. */
export function emitOutcome(ctx: EmulatorContext, asset: AssetRecord): number {
  const base = {
    asset_id: asset.assetId,
    submission_id: asset.submissionId,
    workspace_id: asset.workspaceId,
  };
  if (asset.status === "complete") {
    return dispatchEvent(ctx, {
      workspaceId: asset.workspaceId,
      type: "asset.processing.completed",
      assetId: asset.assetId,
      data: { ...base, status: "complete", issue_count: asset.issues?.length ?? 0 },
    });
  }
  return dispatchEvent(ctx, {
    workspaceId: asset.workspaceId,
    type: "asset.processing.failed",
    assetId: asset.assetId,
    data: { ...base, status: "failed", error_message: asset.errorMessage ?? "Processing failed" },
  });
}
