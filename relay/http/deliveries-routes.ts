import type { Request, Response } from "express";
import type { Journal, JournalEntry } from "../journal/index.ts";

function publicEntry(entry: JournalEntry) {
  const event = entry.event;
  return {
    id: entry.id,
    type: event.kind,
    submissionId: event.submissionId,
    assetId: "assetId" in event ? event.assetId : null,
    // Where it came from: a signed webhook, POST /links, or reconciliation (no webhook came).
    source:
      event.kind === "link.registered"
        ? "link"
        : "source" in event && event.source === "reconciliation"
          ? "reconciliation"
          : "webhook",
    state: entry.state,
    attempts: entry.attempts,
    lastError: entry.lastError,
    receivedAt: entry.receivedAt,
    updatedAt: entry.updatedAt,
  };
}

/** `GET /deliveries`: the latest entries, at most `limit` (50 unless asked, 500 at most). */
export function listDeliveriesRoute(journal: Journal) {
  return async (req: Request, res: Response): Promise<void> => {
    const limit = Math.min(
      500,
      Math.max(1, Number.parseInt(String(req.query["limit"] ?? "50"), 10) || 50),
    );
    const entries = await journal.listEntries(limit);
    res.json({ data: entries.map(publicEntry) });
  };
}

/** `POST /deliveries/:id/redeliver`: a done or dead entry runs again. */
export function redeliverRoute(journal: Journal) {
  return async (req: Request, res: Response): Promise<void> => {
    const id = String(req.params["id"]);
    const result = await journal.redeliver(id);
    if (result === "unknown") {
      res
        .status(404)
        .json({ error: "not_found", message: `No delivery ${id}; see GET /deliveries` });
      return;
    }
    if (result === "busy") {
      res.status(409).json({
        error: "in_progress",
        message: `Delivery ${id} is still waiting or being relayed; redeliver it once GET /deliveries shows it done or dead`,
      });
      return;
    }
    res.status(202).json({ status: "requeued", id });
  };
}
