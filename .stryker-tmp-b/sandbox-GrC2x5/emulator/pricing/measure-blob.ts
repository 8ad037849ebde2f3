// @ts-nocheck
import type { EmulatorContext } from "../context.ts";
import { measureMedia } from "../media/measure-media.ts";
import { blobFile } from "../processing/blob-file.ts";
import type { Measurement, UploadRecord } from "../state/emulator-state.ts";

/** The measurement of an uploaded blob, cached per blob path (part 4.2 rule 2). */
export async function measureBlob(
  ctx: EmulatorContext,
  upload: UploadRecord,
): Promise<Measurement> {
  const cached = ctx.state.measurements[upload.blobPath];
  if (cached) return cached;
  const { measurement } = await measureMedia(
    blobFile(ctx, upload.assetId),
    upload.contentType,
    upload.size ?? 0,
  );
  ctx.state.measurements[upload.blobPath] = measurement;
  ctx.persist();
  return measurement;
}

/** One entry of the estimate response (part 2.12); `metricName` is an emulator extension. */
export function priceEntry(blobPath: string, m: Measurement): Record<string, unknown> {
  return {
    blobPath,
    credits: m.priceable ? m.credits : 0,
    priceable: m.priceable,
    assetType: m.assetType,
    mimeType: m.mimeType,
    metric: m.metric?.value ?? null,
    metricName: m.metric?.name ?? null,
  };
}
