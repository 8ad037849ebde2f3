import type { Router } from "express";
import type { EmulatorContext } from "../context.ts";
import { addWorkspace } from "../state/create-state.ts";
import { hashKey } from "../state/ids.ts";
import { parse, schemas } from "./control-schemas.ts";

/** Workspaces and their keys: create one, revoke or expire a key (part 5 rule 5). */
export function registerWorkspaceRoutes(router: Router, ctx: EmulatorContext): void {
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
}
