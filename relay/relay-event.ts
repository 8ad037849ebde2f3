import { z } from "zod";
import type { WebhookEventType } from "../src/api/index.ts";
import { DEFAULT_FAIL_ON, FAIL_ON_VALUES, type FailOn } from "../src/policy/index.ts";
import { GITHUB_AUTHOR } from "./config/index.ts";

/** The asset events the service sends (part 6). */
export const ASSET_EVENT_TYPES = Object.freeze([
  "asset.processing.completed",
  "asset.processing.failed",
] as const satisfies readonly WebhookEventType[]);
export type AssetEventType = (typeof ASSET_EVENT_TYPES)[number];

/** An asset event, normalised from the delivered body (snake_case `data`, part 6 rule 2). */
export interface AssetEvent {
  readonly kind: AssetEventType;
  readonly submissionId: string;
  readonly assetId: string;
  readonly workspaceId: string | null;
  readonly status: string;
  readonly errorMessage: string | null;
  readonly issueCount: number | null;
  readonly occurredAt: string | null;
  /** Set when reconciliation made it from what the service says (no webhook came). */
  readonly source?: "reconciliation";
}

/** A link from a submission to a commit, registered by the Action through `POST /links`. */
export interface SubmissionLink {
  readonly submissionId: string;
  readonly repository: string;
  readonly sha: string;
  readonly pullRequest: number | null;
  readonly context: string;
  readonly assetCount: number | null;
  readonly failOn: FailOn;
  /**
   * The pull request author's GitHub login: mentioned in Slack when the submission fails.
   * Optional: links journaled before it existed have none.
   */
  readonly author?: string | null;
}

/** A link registration, journaled like an event so that it is ordered with the submission's events. */
export interface LinkEvent {
  readonly kind: "link.registered";
  readonly submissionId: string;
  readonly link: SubmissionLink;
}

/** Why reconciliation gave a submission a final `error` instead of a verdict. */
export type UnresolvedReason = "not-found" | "max-hours";

/**
 * Reconciliation's final word on a submission whose verdict cannot come: the service does not
 * know it (404), or it was still processing at `RECONCILE_MAX_HOURS`. Its status ends `error`.
 */
export interface UnresolvedEvent {
  readonly kind: "submission.unresolved";
  readonly submissionId: string;
  readonly reason: UnresolvedReason;
  /** What the status and the Slack message say. */
  readonly message: string;
  readonly source: "reconciliation";
}

/** Everything that goes through the journal. */
export type RelayEvent = AssetEvent | LinkEvent | UnresolvedEvent;

// An id is kept exactly as sent, never trimmed or normalised: " x" and "x" are two submissions.
const zId = z.string().min(1).max(200);

/** The least a body must be to count as an event: an object with a `type`. */
const zEnvelope = z.object({ type: z.string().min(1) });

// Only the ids are required: without them the event cannot be placed. Every other field is
// stored whole (the body is at most 1 MiB) and cut only when rendered; a field of an unexpected
// shape counts as absent rather than refusing a verified delivery.
const zEventBody = z.object({
  type: z.enum(ASSET_EVENT_TYPES),
  timestamp: z.string().optional().catch(undefined),
  data: z.object({
    asset_id: zId,
    submission_id: zId,
    workspace_id: zId.optional().catch(undefined),
    status: z.string().trim().min(1).optional().catch(undefined),
    error_message: z.string().nullable().optional().catch(undefined),
    issue_count: z.number().int().min(0).nullable().optional().catch(undefined),
  }),
});

/** What a verified body is to the relay. */
export type ParsedDelivery =
  | { readonly kind: "event"; readonly event: AssetEvent }
  /** An event type the relay does not relay (yet): answered 200 and counted, never relayed. */
  | { readonly kind: "ignored"; readonly type: string }
  | { readonly kind: "invalid"; readonly message: string };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? "body" : issue.path.join(".");
  return `${where}: ${issue?.message ?? "invalid"}`;
}

/**
 * Parses a verified, JSON-decoded body. A body that is not an event at all (not an object, no
 * `type`) or a known event without its ids is `invalid`; an unknown type is `ignored`.
 */
export function parseDelivery(body: unknown): ParsedDelivery {
  const envelope = zEnvelope.safeParse(body);
  if (!envelope.success) {
    return { kind: "invalid", message: `Not an event: ${firstIssue(envelope.error)}` };
  }
  if (!(ASSET_EVENT_TYPES as readonly string[]).includes(envelope.data.type)) {
    return { kind: "ignored", type: envelope.data.type };
  }
  const result = zEventBody.safeParse(body);
  if (!result.success) {
    return { kind: "invalid", message: `Unknown event shape at ${firstIssue(result.error)}` };
  }
  const { type, data, timestamp } = result.data;
  return {
    kind: "event",
    event: {
      kind: type,
      submissionId: data.submission_id,
      assetId: data.asset_id,
      workspaceId: data.workspace_id ?? null,
      status: data.status ?? (type === "asset.processing.failed" ? "failed" : "complete"),
      errorMessage: data.error_message ?? null,
      issueCount: data.issue_count ?? null,
      occurredAt: timestamp ?? null,
    },
  };
}

const zLinkBody = z.object({
  submissionId: zId,
  repository: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/repo")
    // "." and ".." name no repository; in the statuses URL they would climb out of it.
    .refine(
      (r) => r.split("/").every((part) => part !== "." && part !== ".."),
      "must be owner/repo",
    ),
  sha: z.string().regex(/^[0-9a-f]{7,64}$/i, "must be a commit sha"),
  pullRequest: z.number().int().positive().nullable().optional(),
  context: z.string().trim().min(1).max(100).optional(),
  assetCount: z.number().int().min(1).nullable().optional(),
  failOn: z.enum(FAIL_ON_VALUES).optional(),
  // Only a mention hangs on the author: one that is not a GitHub login is dropped (no mention),
  // never the link with it, whose commit status matters more. It never reaches Slack's text.
  author: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === "string" && GITHUB_AUTHOR.test(v) ? v : null)),
});

/** Parses a `POST /links` body. */
export function parseSubmissionLink(
  body: unknown,
): { ok: true; link: SubmissionLink } | { ok: false; message: string } {
  const result = zLinkBody.safeParse(body);
  if (!result.success) return { ok: false, message: `Invalid link at ${firstIssue(result.error)}` };
  const b = result.data;
  return {
    ok: true,
    link: {
      submissionId: b.submissionId,
      repository: b.repository,
      sha: b.sha,
      pullRequest: b.pullRequest ?? null,
      context: b.context ?? "content-review",
      assetCount: b.assetCount ?? null,
      failOn: b.failOn ?? DEFAULT_FAIL_ON,
      author: b.author ?? null,
    },
  };
}
