// @ts-nocheck
import { Router } from "express";
import { mediaTypeForFilename, mediaTypeForMime } from "../../src/api/index.ts";
import type { EmulatorContext } from "../context.ts";
import { domainError } from "../http/api-error.ts";
import { apiRoute } from "../http/api-route.ts";
import { newId } from "../state/ids.ts";
import { filenameProblem } from "./blob-path.ts";
import { storagePath, uploadSignature } from "./presign.ts";

const WAV_ALIASES = new Set(["audio/wav", "audio/x-wav"]);

/** True when the filename's extension maps to the declared type (WAV has two names). */
function extensionMatches(filename: string, mimeType: string): boolean {
  const byName = mediaTypeForFilename(filename)?.mimeType;
  if (!byName) return false;
  return byName === mimeType || (WAV_ALIASES.has(byName) && WAV_ALIASES.has(mimeType));
}

/** `POST /api/uploads/url` (part 4.1): a presigned PUT URL to the emulator's own storage. */
export function uploadsRouter(ctx: EmulatorContext): Router {
  const router = Router();
  apiRoute<{ filename: string; contentType: string }>(
    router,
    ctx,
    "createUploadUrl",
    ({ caller, body, origin }) => {
      const problem = filenameProblem(body.filename);
      if (problem) throw domainError(403, `Invalid filename: ${problem}`);
      const type = mediaTypeForMime(body.contentType);
      if (!type)
        throw domainError(
          415,
          `Unsupported content type: ${body.contentType} is not in the allowlist`,
        );
      if (!extensionMatches(body.filename, type.mimeType)) {
        throw domainError(
          415,
          `Unsupported content type: the extension of "${body.filename}" does not match ${type.mimeType}; use one of ${type.extensions.join(", ") || "the listed extensions"}`,
        );
      }
      const assetId = newId();
      const blobPath = `${assetId}/${body.filename}`;
      const expiresMs = ctx.now().getTime() + ctx.config.uploadUrlTtlSeconds * 1000;
      const expiresAt = new Date(expiresMs).toISOString();
      ctx.state.uploads[blobPath] = {
        workspaceId: caller.workspaceId,
        blobPath,
        assetId,
        filename: body.filename,
        contentType: type.mimeType,
        expiresAt,
        size: null,
        uploadedAt: null,
      };
      ctx.persist();
      const sig = uploadSignature(ctx.state.storageKey, blobPath, expiresMs);
      const uploadUrl = `${origin}${storagePath(assetId, body.filename)}?exp=${expiresMs}&sig=${sig}`;
      return { body: { uploadUrl, blobPath, expiresAt } };
    },
  );
  return router;
}
