import type { Request, Response } from "express";
import type { Journal } from "../journal/index.ts";
import { parseSubmissionLink } from "../relay-event.ts";
import {
  eventAttributes,
  type RelayTracing,
  SPAN_ATTRIBUTES,
  startIntakeSpan,
  tracedEntryId,
} from "../tracing/index.ts";
import { linkEntryId } from "./link-entry-id.ts";

/** `POST /links`: the Action registers a submission's commit; journaled once per link. */
export function linksRoute(journal: Journal, tracing: RelayTracing) {
  return async (req: Request, res: Response): Promise<void> => {
    // Continues the caller's W3C `traceparent` (the Action's): its run and the relay's later
    // status share a trace.
    const span = tracing.enabled ? startIntakeSpan(tracing, "/links", req, res) : null;
    const parsed = parseSubmissionLink(req.body);
    if (!parsed.ok) {
      res.status(400).json({ error: "invalid_link", message: parsed.message });
      return;
    }
    const entry = linkEntryId(req.get("idempotency-key"), parsed.link);
    if (!entry.ok) {
      res.status(400).json({ error: "invalid_idempotency_key", message: entry.message });
      return;
    }
    const event = {
      kind: "link.registered" as const,
      submissionId: parsed.link.submissionId,
      link: parsed.link,
    };
    span?.setAttributes({
      ...eventAttributes(event),
      [SPAN_ATTRIBUTES.entryId]: tracedEntryId(entry.id),
    });
    // A retry or a re-run registering the same link is journaled once (the journal dedupes ids).
    const status = await journal.ingest(
      entry.id,
      event,
      span === null ? null : tracing.traceparentOf(span),
    );
    span?.setAttribute(SPAN_ATTRIBUTES.intakeStatus, status);
    res.status(202).json({ status, submissionId: parsed.link.submissionId });
  };
}
