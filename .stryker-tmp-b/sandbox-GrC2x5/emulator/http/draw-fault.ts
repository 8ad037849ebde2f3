// @ts-nocheck
import type { EmulatorContext } from "../context.ts";

export type FaultKind = "429" | "500" | "502" | "reset" | "delay";

/** Draws the fault for one `/api` request, or undefined; reproducible for a given seed. */
export function drawFault(ctx: EmulatorContext, path: string): FaultKind | undefined {
  const { rate, kinds, pathPattern } = ctx.state.settings.faults;
  if (rate <= 0 || kinds.length === 0) return undefined;
  if (pathPattern && !new RegExp(pathPattern).test(path)) return undefined;
  if (ctx.faultRandom() >= rate) return undefined;
  return kinds[Math.floor(ctx.faultRandom() * kinds.length)] as FaultKind;
}
