// @ts-nocheck
import { Router } from "express";
import { mediaTypeForFilename } from "../../src/api/index.ts";
import type { EmulatorContext } from "../context.ts";
import { domainError } from "../http/api-error.ts";
import { apiRoute } from "../http/api-route.ts";
import { measureBlob, priceEntry } from "../pricing/measure-blob.ts";
import { parseBlobPath } from "./blob-path.ts";

/**
 * `POST /api/pricing/estimate` (part 4.2): read-only. A blob path that was never uploaded is
 * 403 for a live key; with a sandbox key (nothing has to be uploaded) it is unpriced.
 */
export function pricingRouter(ctx: EmulatorContext): Router {
  const router = Router();
  apiRoute<{ files: { blobPath: string }[] }>(
    router,
    ctx,
    "estimatePrice",
    async ({ caller, body }) => {
      const files: Record<string, unknown>[] = [];
      for (const { blobPath } of body.files) {
        if (!parseBlobPath(blobPath)) throw domainError(403, "Invalid blob path");
        const upload = ctx.state.uploads[blobPath];
        if (!upload || upload.workspaceId !== caller.workspaceId || upload.size === null) {
          if (caller.kind === "live") {
            throw domainError(
              403,
              `Invalid blob path: nothing was uploaded to ${blobPath} in this workspace`,
            );
          }
          const type = mediaTypeForFilename(blobPath);
          files.push({
            blobPath,
            credits: 0,
            priceable: false,
            assetType: type?.category ?? "unknown",
            mimeType: type?.mimeType ?? null,
            metric: null,
          });
          continue;
        }
        files.push(priceEntry(blobPath, await measureBlob(ctx, upload)));
      }
      const totalCredits = files.reduce((sum, f) => sum + (f.priceable ? Number(f.credits) : 0), 0);
      return { body: { files, totalCredits } };
    },
  );
  return router;
}
