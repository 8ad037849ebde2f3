import { CATEGORY_SIZE_LIMITS, mediaTypeForMime } from "../../src/api/index.ts";
import type { EmulatorContext } from "../context.ts";

/** The size limit of a type: part 8 rule 5, lowered by the `sizeLimits` option. */
export function effectiveSizeLimit(ctx: EmulatorContext, mimeType: string): number {
  const type = mediaTypeForMime(mimeType);
  if (!type) return 0;
  return Math.min(
    CATEGORY_SIZE_LIMITS[type.category],
    ctx.config.sizeLimits[type.category] ?? Number.POSITIVE_INFINITY,
  );
}
