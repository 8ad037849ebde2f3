import type { EmulatorContext } from "../context.ts";
import { blobClaim } from "../state/blob-claim.ts";
import type { UploadRecord } from "../state/emulator-state.ts";
import { effectiveSizeLimit } from "./effective-size-limit.ts";
import { signatureMatches } from "./presign.ts";

/** What a `PUT` to the presigned target carries that decides whether it is taken. */
export interface UploadRequest {
  readonly assetId: string;
  readonly filename: string;
  readonly exp: unknown;
  readonly sig: unknown;
  readonly blobType: string | undefined;
  readonly contentLength: string | undefined;
}

export type UploadPlan =
  | { readonly kind: "refuse"; readonly status: number; readonly detail: string }
  | {
      readonly kind: "accept";
      readonly blobPath: string;
      readonly upload: UploadRecord;
      readonly limit: number;
      readonly tooLarge: string;
    };

const refuse = (status: number, detail: string): UploadPlan => ({ kind: "refuse", status, detail });

/** True once the blob was submitted: its bytes can no longer be replaced. */
export function blobSubmitted(ctx: EmulatorContext, workspaceId: string, blobPath: string) {
  return ctx.claimedBlobPaths.has(blobClaim(workspaceId, blobPath));
}

/**
 * Decides an upload before a byte is read: the signature and expiry of the URL, a known upload,
 * a blob not yet submitted, Azure's `x-ms-blob-type`, and a declared size within the limit.
 */
export function planUpload(ctx: EmulatorContext, req: UploadRequest): UploadPlan {
  const blobPath = `${req.assetId}/${req.filename}`;
  const expiresMs = Number(req.exp);
  const sig = typeof req.sig === "string" ? req.sig : "";
  if (
    !Number.isFinite(expiresMs) ||
    !signatureMatches(ctx.state.storageKey, blobPath, expiresMs, sig)
  )
    return refuse(
      403,
      "Signature invalid for this upload URL; request a new one with POST /api/uploads/url",
    );
  if (ctx.now().getTime() >= expiresMs)
    return refuse(403, "This upload URL has expired; request a new one with POST /api/uploads/url");
  const upload = ctx.state.uploads[blobPath];
  if (!upload) return refuse(403, "Unknown upload; request a new URL with POST /api/uploads/url");
  if (blobSubmitted(ctx, upload.workspaceId, blobPath))
    return refuse(
      409,
      "This blob was already submitted and can no longer be replaced; upload a new file",
    );
  if (req.blobType !== "BlockBlob")
    return refuse(400, "Missing or wrong x-ms-blob-type header; send x-ms-blob-type: BlockBlob");
  const limit = effectiveSizeLimit(ctx, upload.contentType);
  const tooLarge = `File too large for its category: ${upload.contentType} allows at most ${limit} bytes`;
  const declared = Number(req.contentLength);
  if (Number.isFinite(declared) && declared > limit) return refuse(413, tooLarge);
  return { kind: "accept", blobPath, upload, limit, tooLarge };
}
