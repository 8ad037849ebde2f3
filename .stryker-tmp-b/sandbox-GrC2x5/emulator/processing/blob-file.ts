// @ts-nocheck
import { join } from "node:path";
import type { EmulatorContext } from "../context.ts";

/** Where the bytes of an asset id are stored. */
export function blobFile(ctx: EmulatorContext, assetId: string): string {
  return join(ctx.blobDir, `${assetId}.bin`);
}
