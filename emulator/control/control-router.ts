import express, { type Request, type Response, Router } from "express";
import { z } from "zod";
import type { EmulatorContext } from "../context.ts";
import { addWorkspace } from "../state/create-state.ts";
import { hashKey } from "../state/ids.ts";
import { ensureTagKey, ensureTagValue } from "../state/resolve-tags.ts";
import { seededRandom } from "../state/seeded-random.ts";
import { redeliverFailed } from "../webhooks/dispatch-event.ts";

const BUCKETS = [
  "upload",
  "submission_write",
  "submission_read",
  "webhook_write",
  "webhook_read",
  "sandbox",
] as const;

const schemas = {
  workspace: z.object({ tier: z.enum(["api", "no_api"]).default("api") }),
  rateLimits: z.partialRecord(
    z.enum(BUCKETS),
    // A window of at most a day keeps Retry-After a finite number of seconds.
    z
      .object({ limit: z.int().min(0), windowSeconds: z.number().positive().max(86_400) })
      .nullable(),
  ),
  faults: z.object({
    rate: z.number().min(0).max(1),
    kinds: z
      .array(z.enum(["429", "500", "502", "reset", "delay"]))
      .default(["429", "500", "502", "reset", "delay"]),
    pathPattern: z.string().optional(),
    seed: z.int().optional(),
    delayMs: z.int().min(0).max(60_000).optional(),
  }),
  webhookDrops: z.object({
    share: z.number().min(0).max(1).default(1),
    subscriptionId: z.guid().optional(),
    seed: z.int().optional(),
  }),
  redeliver: z.object({ subscriptionId: z.guid().optional() }),
  processing: z.object({
    seconds: z.number().min(0).max(3600).optional(),
    retryableFailureRate: z.number().min(0).max(1).optional(),
  }),
  tag: z.object({
    key: z.string().min(1),
    valuePolicy: z.enum(["none", "any"]).default("any"),
    values: z.array(z.string().min(1)).optional(),
    workspaceId: z.guid().optional(),
  }),
};

function parse<T>(schema: z.ZodType<T>, req: Request, res: Response): T | undefined {
  const parsed = schema.safeParse(req.body ?? {});
  if (parsed.success) return parsed.data;
  res.status(422).json({
    error: "validation_error",
    message: "Control plane request is invalid",
    fields: parsed.error.issues.map((i) => ({
      field: i.path.join(".") || "body",
      message: i.message,
    })),
  });
  return undefined;
}

/** The control plane under `/_emulator` (no key): not part of the service API. */
export function controlRouter(ctx: EmulatorContext): Router {
  const router = Router();
  router.use("/_emulator", express.json());

  router.post("/_emulator/workspaces", (req, res) => {
    const body = parse(schemas.workspace, req, res);
    if (!body) return;
    const created = addWorkspace(ctx.state, body.tier, ctx.now());
    ctx.persist();
    res.status(201).json(created);
  });

  for (const action of ["revoke", "expire"] as const) {
    router.post(`/_emulator/keys/:key/${action}`, (req, res) => {
      const record = ctx.state.keys[hashKey(String(req.params.key))];
      if (!record) {
        res.status(404).json({ detail: "Unknown key; pass a key returned by the emulator" });
        return;
      }
      if (action === "revoke") record.revoked = true;
      else record.expired = true;
      ctx.persist();
      res.status(204).end();
    });
  }

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

  router.post("/_emulator/tags", (req, res) => {
    const body = parse(schemas.tag, req, res);
    if (!body) return;
    const workspaceId = body.workspaceId ?? ctx.state.defaultWorkspace.workspaceId;
    if (!ctx.state.workspaces[workspaceId]) {
      res.status(404).json({ detail: "Unknown workspaceId" });
      return;
    }
    const record = ensureTagKey(ctx, workspaceId, body.key, body.valuePolicy);
    if (record.valuePolicy !== body.valuePolicy) {
      res.status(409).json({
        detail: `Tag key "${body.key}" already exists with valuePolicy ${record.valuePolicy}`,
      });
      return;
    }
    if (body.valuePolicy === "any") for (const v of body.values ?? []) ensureTagValue(record, v);
    ctx.persist();
    res.status(201).json({
      keyId: record.keyId,
      key: record.key,
      valuePolicy: record.valuePolicy,
      values: record.values,
    });
  });

  router.get("/_emulator/tags", (req, res) => {
    const workspaceId =
      typeof req.query.workspaceId === "string"
        ? req.query.workspaceId
        : ctx.state.defaultWorkspace.workspaceId;
    res.json(
      Object.values(ctx.state.tagKeys)
        .filter((k) => k.workspaceId === workspaceId)
        .map((k) => ({ keyId: k.keyId, key: k.key, valuePolicy: k.valuePolicy, values: k.values })),
    );
  });

  router.get("/_emulator/ledger", (_req, res) => {
    res.json({ ...ctx.state.ledger });
  });

  router.get("/_emulator/deliveries", (_req, res) => {
    res.json(
      ctx.state.deliveries.map((d) => ({
        event: d.eventType,
        subscriptionId: d.subscriptionId,
        webhookId: d.webhookId,
        assetId: d.assetId,
        attempt: d.attempt,
        status: d.status,
        responseStatus: d.responseStatus,
        error: d.error,
        createdAt: d.createdAt,
      })),
    );
  });
  return router;
}
