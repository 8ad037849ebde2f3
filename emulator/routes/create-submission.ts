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

/**
 * `POST /api/submissions` (part 4.3). Every check runs before anything is stored, so a
 * rejected batch charges nothing and creates nothing. One call is one `submission_write` unit.
 */
export async function createSubmission(ctx: EmulatorContext, call: ApiCall<CreateSubmissionBody>) {
  const { caller, body, req } = call;
  const sandbox = caller.kind === "sandbox";
  const hasDelay = req.query.simulationDelaySeconds !== undefined;
  if (hasDelay && !sandbox) {
    throw domainError(
      400,
      "simulationDelaySeconds is only accepted with a sandbox (sk_test_) key; remove it for live keys",
    );
  }
  const delaySeconds = sandbox ? intQuery(req, "simulationDelaySeconds", 0, 0, 30) : 0;
  const prepared: {
    blobPath: string;
    assetId: string;
    filename: string;
    mimeType: string | null;
    tags: AssetTag[];
    contextItems: ContextItemRecord[];
  }[] = [];
  let credits = 0;
  // Claimed before the first await and released only on rejection: a concurrent submission of
  // the same blob (a client retrying after a timeout) gets 409, never a second charge.
  const claims: string[] = [];
  try {
    for (const [index, input] of body.assets.entries()) {
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
      if (sandbox) {
        if (!sandboxOutcomeOf(parsed.filename))
          throw domainError(400, missingMarkerDetail(parsed.filename));
      } else {
        const upload = ctx.state.uploads[input.blobPath];
        if (!upload || upload.workspaceId !== caller.workspaceId)
          throw domainError(403, "Invalid blob path");
        if (upload.size === null) {
          throw domainError(
            403,
            `Invalid blob path: nothing was uploaded to ${input.blobPath}; PUT the file to its uploadUrl first`,
          );
        }
        if (upload.size > effectiveSizeLimit(ctx, upload.contentType))
          throw domainError(413, "File too large for its category");
        mimeType = upload.contentType;
        if (
          !matchesContentType(upload.contentType, await readHead(blobFile(ctx, upload.assetId)))
        ) {
          throw domainError(
            415,
            `Unsupported content type: the bytes of ${parsed.filename} do not match ${upload.contentType}`,
          );
        }
        const measurement = await measureBlob(ctx, upload);
        credits += measurement.priceable ? measurement.credits : 0;
      }
      prepared.push({
        blobPath: input.blobPath,
        assetId: parsed.assetId,
        filename: parsed.filename,
        mimeType,
        tags: resolveTags(ctx, caller.workspaceId, input.tags ?? [], `assets.${index}.tags`),
        contextItems: input.contextItems ?? [],
      });
    }
  } catch (error) {
    for (const claim of claims) ctx.claimedBlobPaths.delete(claim);
    throw error;
  }

  const now = ctx.now().toISOString();
  const submission: SubmissionRecord = {
    submissionId: newId(),
    workspaceId: caller.workspaceId,
    kind: caller.kind,
    assetIds: [],
    createdAt: now,
    creditsCharged: credits,
  };
  const chains = latestVersions(ctx, caller.workspaceId, caller.kind);
  for (const p of prepared) {
    // A blobPath's asset id may repeat across workspaces in sandbox; the stored id stays unique.
    const assetId = ctx.state.assets[p.assetId] ? newId() : p.assetId;
    const latest = chains.get(p.filename);
    const chain = latest
      ? { versionNumber: latest.versionNumber + 1, versionGroupId: latest.versionGroupId }
      : { versionNumber: 1, versionGroupId: newId() };
    chains.set(p.filename, chain);
    const asset: AssetRecord = {
      assetId,
      submissionId: submission.submissionId,
      workspaceId: caller.workspaceId,
      kind: caller.kind,
      blobPath: p.blobPath,
      filename: p.filename,
      mimeType: p.mimeType,
      status: "queued",
      sandboxOutcome: sandbox ? (sandboxOutcomeOf(p.filename) ?? null) : null,
      issues: null,
      errorMessage: null,
      errorType: null,
      isRetryable: null,
      retryCount: 0,
      versionNumber: chain.versionNumber,
      versionGroupId: chain.versionGroupId,
      tags: p.tags,
      contextItems: p.contextItems,
      sidekickIds: body.sidekickIds,
      createdAt: now,
      startedAt: null,
      completedAt: null,
      seq: ++ctx.state.seq,
      dueAt: null,
    };
    ctx.state.assets[assetId] = asset;
    submission.assetIds.push(assetId);
  }
  ctx.state.submissions[submission.submissionId] = submission;
  ctx.state.ledger.submissions += 1;
  ctx.state.ledger.assets += prepared.length;
  ctx.state.ledger.creditsCharged += credits;
  for (const id of submission.assetIds) {
    const asset = ctx.state.assets[id]!;
    if (sandbox) startSandboxAsset(ctx, asset, delaySeconds);
    else scheduleLiveAsset(ctx, asset);
  }
  ctx.persist();
  ctx.config.log(
    `submission ${submission.submissionId} (${caller.kind}, ${plural(prepared.length, "asset")}, ${plural(credits, "credit")})`,
  );
  return { status: 201, body: submissionView(ctx, submission) };
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
