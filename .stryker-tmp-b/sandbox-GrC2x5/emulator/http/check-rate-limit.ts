// @ts-nocheck
import type { EmulatorContext } from "../context.ts";
import { rateLimited } from "./api-error.ts";

/** Fixed-window count per key and bucket (part 8 rule 1); no X-RateLimit headers (rule 4). */
export function checkRateLimit(ctx: EmulatorContext, keyHash: string, bucket: string): void {
  const rule = ctx.state.settings.rateLimits[bucket];
  if (!rule) return;
  const now = ctx.now().getTime();
  const windowMs = rule.windowSeconds * 1000;
  const id = `${keyHash}|${bucket}`;
  let window = ctx.rateWindows.get(id);
  if (!window || now - window.windowStart >= windowMs) {
    window = { windowStart: now, count: 0 };
    ctx.rateWindows.set(id, window);
  }
  if (window.count >= rule.limit) {
    throw rateLimited((window.windowStart + windowMs - now) / 1000, bucket);
  }
  window.count += 1;
}
