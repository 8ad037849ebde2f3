import type { EmulatorContext } from "../context.ts";

/** True when this delivery attempt to the subscription is dropped; reproducible for a seed. */
export function drawDrop(ctx: EmulatorContext, subscriptionId: string): boolean {
  const drops = ctx.state.settings.webhookDrops;
  if (drops === undefined || drops.share <= 0) return false;
  if (drops.subscriptionId !== null && drops.subscriptionId !== subscriptionId) return false;
  return drops.share >= 1 || ctx.dropRandom() < drops.share;
}
