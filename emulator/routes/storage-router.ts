import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { type Request, type Response, Router } from "express";
import { answerBeforeBody } from "../../src/shared/index.ts";
import type { EmulatorContext } from "../context.ts";
import { blobFile } from "../processing/blob-file.ts";
import { blobSubmitted, planUpload } from "./plan-upload.ts";

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
 * Streams the body to `temp`, counting bytes: past `limit` it stops with 413; a client gone
 * mid-upload leaves nothing behind. Resolves to the size, or null when it answered already.
 */
async function receiveBody(
  req: Request,
  res: Response,
  temp: string,
  limit: number,
  tooLarge: string,
): Promise<number | null> {
  const out = createWriteStream(temp);
  let size = 0;
  let aborted = false;
  const drop = () => {
    aborted = true;
    out.destroy();
    void rm(temp, { force: true });
  };
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
    out.on("close", () => resolve());
  });
  req.on("data", (chunk: Buffer) => {
    if (aborted) return;
    size += chunk.length;
    if (size <= limit) return;
    req.unpipe(out);
    drop();
    refuse(req, res, 413, tooLarge);
  });
  // The client went away mid-upload: drop the partial bytes and free the file.
  req.on("close", () => {
    if (!req.complete && !aborted) drop();
  });
  req.pipe(out);
  try {
    await done;
  } catch (error) {
    if (!aborted) fail(res, 500, `Storage error: ${(error as Error).message}; retry the upload`);
    return null;
  }
  return aborted ? null : size;
}

/**
 * The presigned upload target: `PUT /_storage/upload/{assetId}/{filename}?exp=&sig=` with
 * `x-ms-blob-type: BlockBlob` (Azure Blob semantics). Bytes stream to disk and are counted;
 * reading stops with 413 as soon as the category limit is passed (part 8 rule 5).
 */
export function storageRouter(ctx: EmulatorContext): Router {
  const router = Router();
  router.put("/_storage/upload/:assetId/:filename", async (req: Request, res: Response) => {
    const plan = planUpload(ctx, {
      assetId: String(req.params.assetId),
      filename: String(req.params.filename),
      exp: req.query.exp,
      sig: req.query.sig,
      blobType: req.get("x-ms-blob-type"),
      contentLength: req.get("content-length"),
    });
    if (plan.kind === "refuse") {
      refuse(req, res, plan.status, plan.detail);
      return;
    }
    const { upload, blobPath } = plan;
    const target = blobFile(ctx, upload.assetId);
    // One temp file per request: concurrent PUTs to one URL must not share it (last one wins).
    const temp = `${target}.${randomUUID()}.part`;
    const size = await receiveBody(req, res, temp, plan.limit, plan.tooLarge);
    if (size === null) return;
    if (blobSubmitted(ctx, upload.workspaceId, blobPath)) {
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
