/**
 * The attributes the relay's spans carry, as data: they name the submission, the event and the
 * repository, never a secret, a token or a message body.
 */
export const SPAN_ATTRIBUTES = Object.freeze({
  submissionId: "content_review.submission_id",
  assetId: "content_review.asset_id",
  eventType: "content_review.event_type",
  repository: "content_review.repository",
  entryId: "relay.entry_id",
  attempt: "relay.attempt",
  effect: "relay.effect",
  outcome: "relay.outcome",
  intakeStatus: "relay.intake.status",
  refusal: "relay.intake.refusal",
  httpRoute: "http.route",
  httpStatus: "http.response.status_code",
} as const);

/** The span names, one per step of a delivery's path. */
export const SPAN_NAMES = Object.freeze({
  intake: "relay.intake",
  process: "relay.process",
  effect: "relay.effect",
  reconcile: "relay.reconcile",
} as const);
