import type { Router } from "express";
import type { EmulatorContext } from "../context.ts";
import { seededRandom } from "../state/seeded-random.ts";
import { redeliverFailed } from "../webhooks/dispatch-event.ts";
import { parse, schemas } from "./control-schemas.ts";

/** What a rehearsal turns on: rate limits, faults, lost deliveries, processing time. */
export function registerFaultRoutes(router: Router, ctx: EmulatorContext): void {
  router.put("/_emulator/rate-limits", (req, res) => {
    const body = parse(schemas.rateLimits, req, res);
    if (!body) return;
    for (const [bucket, rule] of Object.entries(body)) {
      if (rule) ctx.state.settings.rateLimits[bucket] = rule;
      else delete ctx.state.settings.rateLimits[bucket];
    }
    ctx.rateWindows.clear();
    ctx.persist();
    res.json(ctx.state.settings.rateLimits);
  });

  router.put("/_emulator/faults", (req, res) => {
    const body = parse(schemas.faults, req, res);
    if (!body) return;
    if (body.pathPattern !== undefined) {
      try {
        new RegExp(body.pathPattern);
      } catch {
        res.status(422).json({
          error: "validation_error",
          message: "pathPattern is not a valid regular expression",
          fields: [
            { field: "pathPattern", message: "Must be a valid JavaScript regular expression" },
          ],
        });
        return;
      }
    }
    const seed = body.seed ?? ctx.config.seed;
    ctx.state.settings.faults = {
      rate: body.rate,
      kinds: body.kinds,
      pathPattern: body.pathPattern ?? null,
      seed,
      delayMs: body.delayMs ?? 2000,
    };
    ctx.faultRandom = seededRandom(seed);
    ctx.persist();
    res.json(ctx.state.settings.faults);
  });

  // Deliveries lost on the way, for rehearsing a relay that misses its webhooks (issue #25).
  router.put("/_emulator/webhook-drops", (req, res) => {
    const body = parse(schemas.webhookDrops, req, res);
    if (!body) return;
    const seed = body.seed ?? ctx.config.seed;
    ctx.state.settings.webhookDrops = {
      share: body.share,
      subscriptionId: body.subscriptionId ?? null,
      seed,
    };
    ctx.dropRandom = seededRandom(seed);
    ctx.persist();
    res.json(ctx.state.settings.webhookDrops);
  });

  router.post("/_emulator/webhook-deliveries/redeliver", (req, res) => {
    const body = parse(schemas.redeliver, req, res);
    if (!body) return;
    res.json({ redelivered: redeliverFailed(ctx, body.subscriptionId ?? null) });
  });

  router.put("/_emulator/processing", (req, res) => {
    const body = parse(schemas.processing, req, res);
    if (!body) return;
    if (body.seconds !== undefined) ctx.state.settings.processingSeconds = body.seconds;
    if (body.retryableFailureRate !== undefined)
      ctx.state.settings.retryableFailureRate = body.retryableFailureRate;
    ctx.persist();
    res.json({
      seconds: ctx.state.settings.processingSeconds,
      retryableFailureRate: ctx.state.settings.retryableFailureRate,
    });
  });
}
