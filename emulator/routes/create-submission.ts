import { open } from "node:fs/promises";
import { mediaTypeForFilename } from "../../src/api/index.ts";
import { plural } from "../../src/policy/index.ts";
import type { EmulatorContext } from "../context.ts";
import { domainError } from "../http/api-error.ts";
import type { ApiCall } from "../http/api-route.ts";
import { intQuery } from "../http/read-params.ts";
import { matchesContentType, SNIFF_BYTES } from "../media/sniff-content-type.ts";
import { measureBlob } from "../pricing/measure-blob.ts";
import { submissionView } from "../processing/asset-views.ts";
import { blobFile } from "../processing/blob-file.ts";
import { scheduleLiveAsset } from "../processing/live-processing.ts";
import { startSandboxAsset } from "../processing/sandbox-processing.ts";
import { missingMarkerDetail, sandboxOutcomeOf } from "../review/sandbox-outcomes.ts";
import { blobClaim } from "../state/blob-claim.ts";
import type {
  AssetRecord,
  AssetTag,
  ContextItemRecord,
  SubmissionRecord,
} from "../state/emulator-state.ts";
import { newId } from "../state/ids.ts";
import { resolveTags } from "../state/resolve-tags.ts";
import { parseBlobPath } from "./blob-path.ts";
import { effectiveSizeLimit } from "./effective-size-limit.ts";

export interface CreateSubmissionBody {
  assets: {
    blobPath: string;
    tags?: { key: string; value?: string }[];
    contextItems?: ContextItemRecord[];
  }[];
  sidekickIds: string[];
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** One asset of the batch, checked and ready to store. */
interface PreparedAsset {
  readonly blobPath: string;
  readonly assetId: string;
  readonly filename: string;
  readonly mimeType: string | null;
  readonly tags: AssetTag[];
  readonly contextItems: ContextItemRecord[];
}

type Caller = ApiCall["caller"];
type AssetInput = CreateSubmissionBody["assets"][number];

/** A live asset's upload: present, within its limit, its bytes of its type; and its price. */
async function checkLiveUpload(
  ctx: EmulatorContext,
  caller: Caller,
  blobPath: string,
  filename: string,
): Promise<{ mimeType: string; credits: number }> {
  const upload = ctx.state.uploads[blobPath];
  if (!upload || upload.workspaceId !== caller.workspaceId)
    throw domainError(403, "Invalid blob path");
  if (upload.size === null) {
    throw domainError(
      403,
      `Invalid blob path: nothing was uploaded to ${blobPath}; PUT the file to its uploadUrl first`,
    );
  }
  if (upload.size > effectiveSizeLimit(ctx, upload.contentType))
    throw domainError(413, "File too large for its category");
  if (!matchesContentType(upload.contentType, await readHead(blobFile(ctx, upload.assetId)))) {
    throw domainError(
      415,
      `Unsupported content type: the bytes of ${filename} do not match ${upload.contentType}`,
    );
  }
  const measurement = await measureBlob(ctx, upload);
  return {
    mimeType: upload.contentType,
    credits: measurement.priceable ? measurement.credits : 0,
  };
}

/**
 * Claims one asset's blob (409 when it was submitted already) and checks it: a sandbox asset
 * needs its marker, a live one its upload. Returns the asset ready to store and its credits.
 */
async function prepareAsset(
  ctx: EmulatorContext,
  caller: Caller,
  input: AssetInput,
  index: number,
  claims: string[],
): Promise<{ prepared: PreparedAsset; credits: number }> {
  const parsed = parseBlobPath(input.blobPath);
  if (!parsed) throw domainError(403, "Invalid blob path");
  const claim = blobClaim(caller.workspaceId, input.blobPath);
  if (ctx.claimedBlobPaths.has(claim)) {
    throw domainError(
      409,
      `Asset ${input.blobPath} was already submitted; to process the file again, consult the versions endpoint or upload a new file`,
    );
  }
  ctx.claimedBlobPaths.add(claim);
  claims.push(claim);
  let mimeType = mediaTypeForFilename(parsed.filename)?.mimeType ?? null;
  let credits = 0;
  if (caller.kind === "sandbox") {
    if (!sandboxOutcomeOf(parsed.filename))
      throw domainError(400, missingMarkerDetail(parsed.filename));
  } else {
    ({ mimeType, credits } = await checkLiveUpload(ctx, caller, input.blobPath, parsed.filename));
  }
  const tags = resolveTags(ctx, caller.workspaceId, input.tags ?? [], `assets.${index}.tags`);
  const prepared = { ...parsed, blobPath: input.blobPath, mimeType, tags };
  return { prepared: { ...prepared, contextItems: input.contextItems ?? [] }, credits };
}

/**
 * Every asset checked before anything is stored. Blobs are claimed before the first await and
 * released only on rejection: a concurrent submission of the same blob (a client retrying after
 * a timeout) gets 409, never a second charge.
 */
async function prepareAssets(ctx: EmulatorContext, caller: Caller, body: CreateSubmissionBody) {
  const prepared: PreparedAsset[] = [];
  let credits = 0;
  const claims: string[] = [];
  try {
    for (const [index, input] of body.assets.entries()) {
      const asset = await prepareAsset(ctx, caller, input, index, claims);
      prepared.push(asset.prepared);
      credits += asset.credits;
    }
  } catch (error) {
    for (const claim of claims) ctx.claimedBlobPaths.delete(claim);
    throw error;
  }
  return { prepared, credits };
}

/** A new, queued asset record of a submission, as the next version of its filename's chain. */
function newAssetRecord(
  ctx: EmulatorContext,
  submission: SubmissionRecord,
  p: PreparedAsset,
  chain: { versionNumber: number; versionGroupId: string },
  sidekickIds: string[],
): AssetRecord {
  return {
    // A blobPath's asset id may repeat across workspaces in sandbox; the stored id stays unique.
    assetId: ctx.state.assets[p.assetId] ? newId() : p.assetId,
    submissionId: submission.submissionId,
    workspaceId: submission.workspaceId,
    kind: submission.kind,
    blobPath: p.blobPath,
    filename: p.filename,
    mimeType: p.mimeType,
    status: "queued",
    sandboxOutcome: submission.kind === "sandbox" ? (sandboxOutcomeOf(p.filename) ?? null) : null,
    issues: null,
    errorMessage: null,
    errorType: null,
    isRetryable: null,
    retryCount: 0,
    versionNumber: chain.versionNumber,
    versionGroupId: chain.versionGroupId,
    tags: p.tags,
    contextItems: p.contextItems,
    sidekickIds,
    createdAt: submission.createdAt,
    startedAt: null,
    completedAt: null,
    seq: ++ctx.state.seq,
    dueAt: null,
  };
}

/** Stores the submission and its assets, and charges it. */
function storeSubmission(
  ctx: EmulatorContext,
  caller: Caller,
  prepared: readonly PreparedAsset[],
  credits: number,
  sidekickIds: string[],
): SubmissionRecord {
  const submission: SubmissionRecord = {
    submissionId: newId(),
    workspaceId: caller.workspaceId,
    kind: caller.kind,
    assetIds: [],
    createdAt: ctx.now().toISOString(),
    creditsCharged: credits,
  };
  const chains = latestVersions(ctx, caller.workspaceId, caller.kind);
  for (const p of prepared) {
    const latest = chains.get(p.filename);
    const chain = latest
      ? { versionNumber: latest.versionNumber + 1, versionGroupId: latest.versionGroupId }
      : { versionNumber: 1, versionGroupId: newId() };
    chains.set(p.filename, chain);
    const asset = newAssetRecord(ctx, submission, p, chain, sidekickIds);
    ctx.state.assets[asset.assetId] = asset;
    submission.assetIds.push(asset.assetId);
  }
  ctx.state.submissions[submission.submissionId] = submission;
  ctx.state.ledger.submissions += 1;
  ctx.state.ledger.assets += prepared.length;
  ctx.state.ledger.creditsCharged += credits;
  return submission;
}

/**
 * `POST /api/submissions` (part 4.3). Every check runs before anything is stored, so a
 * rejected batch charges nothing and creates nothing. One call is one `submission_write` unit.
 */
export async function createSubmission(ctx: EmulatorContext, call: ApiCall<CreateSubmissionBody>) {
  const { caller, body, req } = call;
  const sandbox = caller.kind === "sandbox";
  if (req.query.simulationDelaySeconds !== undefined && !sandbox) {
    throw domainError(
      400,
      "simulationDelaySeconds is only accepted with a sandbox (sk_test_) key; remove it for live keys",
    );
  }
  const delaySeconds = sandbox ? intQuery(req, "simulationDelaySeconds", 0, 0, 30) : 0;
  const { prepared, credits } = await prepareAssets(ctx, caller, body);
  const submission = storeSubmission(ctx, caller, prepared, credits, body.sidekickIds);
  const reviews: Promise<void>[] = [];
  for (const id of submission.assetIds) {
    const asset = ctx.state.assets[id]!;
    if (sandbox) startSandboxAsset(ctx, asset, delaySeconds);
    else reviews.push(scheduleLiveAsset(ctx, asset));
  }
  ctx.persist();
  ctx.config.log(
    `submission ${submission.submissionId} (${caller.kind}, ${plural(prepared.length, "asset")}, ${plural(credits, "credit")})`,
  );
  // The submission as created (live assets queued); with instant processing, answered once
  // reviewed, so that the client's first poll sees the outcome.
  const created = submissionView(ctx, submission);
  await Promise.all(reviews);
  return { status: 201, body: created };
}

/**
 * Versions (assumption): a later submission of the same filename in the same workspace and
 * environment becomes the next version of that filename's chain. One pass over the state per
 * submission, so a large batch stays linear.
 */
function latestVersions(ctx: EmulatorContext, workspaceId: string, kind: string) {
  const latest = new Map<string, { versionNumber: number; versionGroupId: string }>();
  for (const a of Object.values(ctx.state.assets)) {
    if (a.workspaceId !== workspaceId || a.kind !== kind) continue;
    const known = latest.get(a.filename);
    if (!known || a.versionNumber > known.versionNumber) latest.set(a.filename, a);
  }
  return latest;
}
