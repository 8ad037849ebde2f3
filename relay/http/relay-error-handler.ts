import type { ErrorRequestHandler } from "express";
import { describeError } from "../../src/shared/describe-error.ts";
import { answerBeforeBody } from "../../src/shared/index.ts";
import { unstorableReason } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import type { RelayMetrics } from "../metrics.ts";

/**
 * Express's last handler: a body too large (413) or malformed (4xx), input the store cannot
 * hold (422, for good), and else the relay's own failure (503: retry later).
 */
export function relayErrorHandler(metrics: RelayMetrics, logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status =
      typeof error?.status === "number"
        ? error.status
        : typeof error?.statusCode === "number"
          ? error.statusCode
          : 0;
    if (status === 413) {
      metrics.rejected("too-large");
      answerBeforeBody(
        req,
        res,
        413,
        JSON.stringify({ error: "payload_too_large", message: "Bodies are limited to 64 KiB" }),
      );
      return;
    }
    if (status >= 400 && status < 500) {
      // Body-parser errors (aborted, bad encoding, bad JSON on /links): the client's fault.
      metrics.rejected("bad-request");
      res
        .status(status)
        .json({ error: "bad_request", message: String(error.message ?? "Bad request") });
      return;
    }
    const unstorable = unstorableReason(error);
    if (unstorable !== null) {
      // The same on every retry: refused for good, and logged once, here.
      logger.warn("request refused: the store cannot hold it", { reason: unstorable });
      metrics.rejected("unstorable");
      res.status(422).json({
        error: "unstorable",
        message: `The relay's store cannot hold this request (${unstorable}); it was not stored, and sending it again will not help`,
      });
      return;
    }
    logger.error("request failed", {
      error: describeError(error),
    });
    // Only our own failures get here (the journal is unreachable): ask the caller to retry.
    res
      .status(503)
      .set("Retry-After", "5")
      .json({ error: "unavailable", message: "The journal is unavailable; retry later" });
  };
}
