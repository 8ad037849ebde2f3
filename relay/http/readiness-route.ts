import type { Request, Response } from "express";
import { redact } from "../../src/api/index.ts";
import { describeError } from "../../src/shared/describe-error.ts";
import { type Journal, journalFaultReason } from "../journal/index.ts";
import type { Logger } from "../logger.ts";

/** `GET /readyz`: ready when the journal answers; else a fixed reason, the cause in the log. */
export function readinessRoute(journal: Journal, logger: Logger, secrets: readonly string[]) {
  // The cause last logged: probes come every few seconds, the log gets a cause when it changes.
  let loggedCause: string | null = null;
  return async (_req: Request, res: Response): Promise<void> => {
    try {
      await journal.ping();
      loggedCause = null;
      res.json({ status: "ready", store: journal.kind });
    } catch (error) {
      // A fixed sentence per kind of fault: a health endpoint is often public, and the store's
      // own text names internal hosts, ports and paths. That text goes to the log instead.
      const reason = journalFaultReason(journal.kind, error);
      const cause = redact(describeError(error), [...secrets]);
      if (cause !== loggedCause) {
        loggedCause = cause;
        logger.warn("not ready", { store: journal.kind, reason, error: cause });
      }
      res.status(503).json({ status: "unavailable", store: journal.kind, reason });
    }
  };
}
