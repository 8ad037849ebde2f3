import type { Router } from "express";
import type { EmulatorContext } from "../context.ts";
import { ensureTagKey, ensureTagValue } from "../state/resolve-tags.ts";
import { parse, schemas } from "./control-schemas.ts";

/** Tag keys and values, which the service's control plane defines (part 4.4). */
export function registerTagRoutes(router: Router, ctx: EmulatorContext): void {
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
}
