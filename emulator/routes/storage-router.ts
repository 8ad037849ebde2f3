import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { type Request, type Response, Router } from "express";
import { CATEGORY_SIZE_LIMITS, mediaTypeForMime } from "../../src/api/index.ts";
import { answerBeforeBody } from "../../src/shared/index.ts";
import type { EmulatorContext } from "../context.ts";
import { blobFile } from "../processing/blob-file.ts";
import { blobClaim } from "../state/blob-claim.ts";
import { signatureMatches } from "./presign.ts";

/** The size limit of a type: part 8 rule 5, lowered by the `sizeLimits` option. */
export function effectiveSizeLimit(ctx: EmulatorContext, mimeType: string): number {
  const type = mediaTypeForMime(mimeType);
  if (!type) return 0;
  return Math.min(
    CATEGORY_SIZE_LIMITS[type.category],
    ctx.config.sizeLimits[type.category] ?? Number.POSITIVE_INFINITY,
  );
}

function fail(res: Response, status: number, detail: string): void {
  res.status(status).json({ detail });
}

/**
 * Refuses an upload whose body is still arriving: the answer goes out whole, the rest of the
 * body is read and dropped (up to a bound), then the connection closes, so that a client still
 * writing sees the status instead of EPIPE.
 */
function refuse(req: Request, res: Response, status: number, detail: string): void {
  answerBeforeBody(req, res, status, JSON.stringify({ detail }));
}

/**
 * The presigned upload target: `PUT /_storage/upload/{assetId}/{filename}?exp=&sig=` with
 * `x-ms-blob-type: BlockBlob` (Azure Blob semantics). Bytes stream to disk and are counted;
 * reading stops with 413 as soon as the category limit is passed (part 8 rule 5).
 */
export function storageRouter(ctx: EmulatorContext): Router {
  const router = Router();
  router.put("/_storage/upload/:assetId/:filename", async (req: Request, res: Response) => {
    const assetId = String(req.params.assetId);
    const filename = String(req.params.filename);
    const blobPath = `${assetId}/${filename}`;
    const expiresMs = Number(req.query.exp);
    const sig = typeof req.query.sig === "string" ? req.query.sig : "";
    if (
      !Number.isFinite(expiresMs) ||
      !signatureMatches(ctx.state.storageKey, blobPath, expiresMs, sig)
    ) {
      refuse(
        req,
        res,
        403,
        "Signature invalid for this upload URL; request a new one with POST /api/uploads/url",
      );
      return;
    }
    if (ctx.now().getTime() >= expiresMs) {
      refuse(
        req,
        res,
        403,
        "This upload URL has expired; request a new one with POST /api/uploads/url",
      );
      return;
    }
    const upload = ctx.state.uploads[blobPath];
    if (!upload) {
      refuse(req, res, 403, "Unknown upload; request a new URL with POST /api/uploads/url");
      return;
    }
    const submitted = () => ctx.claimedBlobPaths.has(blobClaim(upload.workspaceId, blobPath));
    if (submitted()) {
      refuse(
        req,
        res,
        409,
        "This blob was already submitted and can no longer be replaced; upload a new file",
      );
      return;
    }
    if (req.get("x-ms-blob-type") !== "BlockBlob") {
      refuse(
        req,
        res,
        400,
        "Missing or wrong x-ms-blob-type header; send x-ms-blob-type: BlockBlob",
      );
      return;
    }
    const limit = effectiveSizeLimit(ctx, upload.contentType);
    const tooLarge = `File too large for its category: ${upload.contentType} allows at most ${limit} bytes`;
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > limit) {
      refuse(req, res, 413, tooLarge);
      return;
    }
    const target = blobFile(ctx, upload.assetId);
    // One temp file per request: concurrent PUTs to one URL must not share it (last one wins).
    const temp = `${target}.${randomUUID()}.part`;
    const out = createWriteStream(temp);
    let size = 0;
    let aborted = false;
    const done = new Promise<void>((resolve, reject) => {
      out.on("finish", resolve);
      out.on("error", reject);
      out.on("close", () => resolve());
    });
    req.on("data", (chunk: Buffer) => {
      if (aborted) return;
      size += chunk.length;
      if (size > limit) {
        aborted = true;
        req.unpipe(out);
        out.destroy();
        void rm(temp, { force: true });
        refuse(req, res, 413, tooLarge);
      }
    });
    req.on("close", () => {
      // The client went away mid-upload: drop the partial bytes and free the file.
      if (req.complete || aborted) return;
      aborted = true;
      out.destroy();
      void rm(temp, { force: true });
    });
    req.pipe(out);
    try {
      await done;
    } catch (error) {
      if (!aborted) fail(res, 500, `Storage error: ${(error as Error).message}; retry the upload`);
      return;
    }
    if (aborted) return;
    if (submitted()) {
      // Submitted while these bytes streamed in: the submitted bytes stay.
      await rm(temp, { force: true });
      fail(res, 409, "This blob was submitted during the upload; upload a new file");
      return;
    }
    await rename(temp, target);
    upload.size = size;
    upload.uploadedAt = ctx.now().toISOString();
    delete ctx.state.measurements[blobPath];
    ctx.state.ledger.uploads += 1;
    ctx.persist();
    res.status(201).set("ETag", `"${upload.assetId}-${size}"`).end();
  });
  return router;
}
