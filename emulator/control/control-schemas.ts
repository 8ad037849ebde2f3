import type { Request, Response } from "express";
import { z } from "zod";

const BUCKETS = [
  "upload",
  "submission_write",
  "submission_read",
  "webhook_write",
  "webhook_read",
  "sandbox",
] as const;

/** The control plane's request bodies. */
export const schemas = {
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

/** The body checked against its schema, or a 422 in the service's validation shape. */
export function parse<T>(schema: z.ZodType<T>, req: Request, res: Response): T | undefined {
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
