import type { Router } from "express";
import type { EmulatorContext } from "../context.ts";

/** What the emulator recorded: the ledger of charges and every webhook delivery. */
export function registerRecordRoutes(router: Router, ctx: EmulatorContext): void {
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
}
