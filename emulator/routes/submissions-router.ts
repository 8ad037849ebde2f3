import { Router } from "express";
import type { EmulatorContext } from "../context.ts";
import { domainError } from "../http/api-error.ts";
import { apiRoute } from "../http/api-route.ts";
import type { Caller } from "../http/authenticate.ts";
import { enumQuery, intQuery, paginate, uuidListQuery, uuidParam } from "../http/read-params.ts";
import { assetView, isTerminalAsset, submissionView } from "../processing/asset-views.ts";
import { LIVE_FAILURE_MARKERS, scheduleLiveAsset } from "../processing/live-processing.ts";
import { recoverSandboxAsset } from "../processing/sandbox-processing.ts";
import { buildTopics, publicIssue } from "../review/build-topics.ts";
import type { AssetRecord, SubmissionRecord } from "../state/emulator-state.ts";
import { tagMatcher } from "../state/match-tags.ts";
import { type CreateSubmissionBody, createSubmission } from "./create-submission.ts";

function findSubmission(ctx: EmulatorContext, caller: Caller, id: string): SubmissionRecord {
  const submission = ctx.state.submissions[id];
  // Another workspace's submission is invisible (part 5 rule 3), and so is one of the other
  // environment: the key's prefix alone selects live or sandbox (part 1 rule 9, part 5 rule 2),
  // so a live key never reads a simulated outcome as a review, nor a sandbox key a real one.
  if (
    !submission ||
    submission.workspaceId !== caller.workspaceId ||
    submission.kind !== caller.kind
  )
    throw domainError(404, "Submission not found");
  return submission;
}

function findAsset(
  ctx: EmulatorContext,
  caller: Caller,
  submissionId: string,
  assetId: string,
): AssetRecord {
  findSubmission(ctx, caller, submissionId);
  // The asset's own submission id, not a search of the submission's list: a client reading
  // each of a large submission's assets would otherwise cost the square of its size.
  const asset = ctx.state.assets[assetId];
  if (!asset || asset.submissionId !== submissionId) {
    throw domainError(404, "Asset not found in this submission");
  }
  return asset;
}

/** Issues and topics exist only once review finished (404 before, part 4.7 and 4.8). */
function finishedAsset(
  ctx: EmulatorContext,
  caller: Caller,
  submissionId: string,
  assetId: string,
): AssetRecord {
  const asset = findAsset(ctx, caller, submissionId, assetId);
  if (!isTerminalAsset(asset)) {
    throw domainError(
      404,
      "Asset has not finished processing; poll the submission until its status is terminal",
    );
  }
  if (asset.filename.includes(LIVE_FAILURE_MARKERS.corruptDetail) && asset.kind === "live") {
    throw domainError(502, "Stored issue detail could not be loaded; retry with backoff");
  }
  return asset;
}

/** Creating and reading submissions and their assets (parts 4.3, 4.5, 4.6). */
function registerSubmissions(router: Router, ctx: EmulatorContext): void {
  apiRoute<CreateSubmissionBody>(router, ctx, "createSubmission", (call) =>
    createSubmission(ctx, call),
  );

  apiRoute(router, ctx, "getSubmission", ({ caller, req }) => ({
    body: submissionView(ctx, findSubmission(ctx, caller, uuidParam(req, "submissionId"))),
  }));

  apiRoute(router, ctx, "getAsset", ({ caller, req }) => ({
    body: assetView(
      findAsset(ctx, caller, uuidParam(req, "submissionId"), uuidParam(req, "assetId")),
    ),
  }));
}

/** What a finished asset's review found: issues and topics (parts 4.7, 4.8). */
function registerResults(router: Router, ctx: EmulatorContext): void {
  apiRoute(router, ctx, "listAssetIssues", ({ caller, req }) => {
    const asset = finishedAsset(
      ctx,
      caller,
      uuidParam(req, "submissionId"),
      uuidParam(req, "assetId"),
    );
    const issues = (asset.issues ?? []).map(publicIssue);
    return { body: { assetId: asset.assetId, issues, total: issues.length } };
  });

  apiRoute(router, ctx, "listAssetTopics", ({ caller, req }) => {
    const asset = finishedAsset(
      ctx,
      caller,
      uuidParam(req, "submissionId"),
      uuidParam(req, "assetId"),
    );
    return {
      body: buildTopics(asset.assetId, asset.issues ?? [], asset.completedAt ?? asset.createdAt),
    };
  });
}

/** The version chains of a submission's assets (part 4.9). */
function registerVersions(router: Router, ctx: EmulatorContext): void {
  apiRoute(router, ctx, "listSubmissionVersions", ({ caller, req }) => {
    const submission = findSubmission(ctx, caller, uuidParam(req, "submissionId"));
    // A multi-asset submission returns the chains of all its assets (assumption).
    const groups = new Set(submission.assetIds.map((id) => ctx.state.assets[id]!.versionGroupId));
    const versions = Object.values(ctx.state.assets)
      .filter(
        (a) =>
          a.workspaceId === caller.workspaceId &&
          a.kind === caller.kind &&
          groups.has(a.versionGroupId),
      )
      .sort(
        (a, b) =>
          a.versionNumber - b.versionNumber ||
          a.filename.localeCompare(b.filename) ||
          a.seq - b.seq,
      )
      .map((a) => ({
        assetId: a.assetId,
        submissionId: a.submissionId,
        versionNumber: a.versionNumber,
        name: a.filename,
        createdAt: a.createdAt,
        status: a.status,
        issueCount: a.issues?.length ?? 0,
      }));
    return { body: { versions, total: versions.length } };
  });
}

/** Re-running a failed, retryable asset (part 4.10). */
function registerRetry(router: Router, ctx: EmulatorContext): void {
  apiRoute(router, ctx, "retryAsset", async ({ caller, req }) => {
    const submissionId = uuidParam(req, "submissionId");
    const asset = findAsset(ctx, caller, submissionId, uuidParam(req, "assetId"));
    if (asset.status !== "failed") {
      throw domainError(
        409,
        `Asset ${asset.assetId} is not failed (status ${asset.status}); only failed retryable assets can be retried`,
      );
    }
    if (asset.isRetryable !== true) {
      throw domainError(
        409,
        `Asset ${asset.assetId} failed with a non-retryable error; upload a new file instead`,
      );
    }
    asset.retryCount += 1;
    asset.errorMessage = null;
    asset.errorType = null;
    asset.isRetryable = null;
    const review =
      asset.kind === "sandbox" ? recoverSandboxAsset(ctx, asset) : scheduleLiveAsset(ctx, asset);
    ctx.persist();
    const accepted = { submissionId, assetId: asset.assetId, status: asset.status };
    // With instant processing, answered once re-reviewed (see scheduleLiveAsset).
    await review;
    return { status: 202, body: accepted };
  });
}

/** The tag filter (part 4.4). */
function registerTagFilter(router: Router, ctx: EmulatorContext): void {
  apiRoute(router, ctx, "listAssets", ({ caller, req }) => {
    const keyIds = uuidListQuery(req, "tagKeyIds");
    const valueIds = uuidListQuery(req, "tagValueIds");
    const mode = enumQuery(req, "tagMatch", ["any", "all"] as const, "any");
    const page = intQuery(req, "page", 1, 1);
    const pageSize = intQuery(req, "pageSize", 10, 1, 100);
    if (keyIds.length === 0 && valueIds.length === 0) {
      throw domainError(400, "Supply at least one of tagKeyIds or tagValueIds");
    }
    const matches = tagMatcher(ctx.state.tagKeys, keyIds, valueIds, mode);
    const assets = Object.values(ctx.state.assets)
      .filter(
        (a) => a.workspaceId === caller.workspaceId && a.kind === caller.kind && matches(a.tags),
      )
      .sort((a, b) => b.seq - a.seq)
      .map(assetView);
    return { body: paginate(assets, page, pageSize) };
  });
}

/** Submissions, assets, issues, topics, versions, retry and the tag filter (parts 4.3 to 4.10). */
export function submissionsRouter(ctx: EmulatorContext): Router {
  const router = Router();
  for (const register of [
    registerSubmissions,
    registerResults,
    registerVersions,
    registerRetry,
    registerTagFilter,
  ]) {
    register(router, ctx);
  }
  return router;
}
