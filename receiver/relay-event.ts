import { z } from "zod";
import type { WebhookEventType } from "../src/api/index.ts";

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
}

/** A link from a submission to a commit, registered by the Action through `POST /links`. */
export interface SubmissionLink {
  readonly submissionId: string;
  readonly repository: string;
  readonly sha: string;
  readonly pullRequest: number | null;
  readonly context: string;
  readonly assetCount: number | null;
  readonly failOn: "critical" | "major" | "minor" | "info" | "never";
}

/** A link registration, journaled like an event so that it is ordered with the submission's events. */
export interface LinkEvent {
  readonly kind: "link.registered";
  readonly submissionId: string;
  readonly link: SubmissionLink;
}

/** Everything that goes through the journal. */
export type RelayEvent = AssetEvent | LinkEvent;

const zId = z.string().trim().min(1).max(200);

const zEventBody = z.object({
  type: z.enum(ASSET_EVENT_TYPES),
  timestamp: z.string().max(100).optional(),
  data: z.object({
    asset_id: zId,
    submission_id: zId,
    workspace_id: zId.optional(),
    status: z.string().max(50).optional(),
    error_message: z.string().max(10_000).nullable().optional(),
    issue_count: z.number().int().min(0).nullable().optional(),
  }),
});

/** Parses a delivered body (already JSON-decoded) into an {@link AssetEvent}, or says why not. */
export function parseAssetEvent(
  body: unknown,
): { ok: true; event: AssetEvent } | { ok: false; message: string } {
  const result = zEventBody.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? "body" : issue.path.join(".");
    return {
      ok: false,
      message: `Unknown event shape at ${where}: ${issue?.message ?? "invalid"}`,
    };
  }
  const { type, data, timestamp } = result.data;
  return {
    ok: true,
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
  repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/repo"),
  sha: z.string().regex(/^[0-9a-f]{7,64}$/i, "must be a commit sha"),
  pullRequest: z.number().int().positive().nullable().optional(),
  context: z.string().trim().min(1).max(100).optional(),
  assetCount: z.number().int().min(1).nullable().optional(),
  failOn: z.enum(["critical", "major", "minor", "info", "never"]).optional(),
});

/** Parses a `POST /links` body. */
export function parseSubmissionLink(
  body: unknown,
): { ok: true; link: SubmissionLink } | { ok: false; message: string } {
  const result = zLinkBody.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? "body" : issue.path.join(".");
    return { ok: false, message: `Invalid link at ${where}: ${issue?.message ?? "invalid"}` };
  }
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
      failOn: b.failOn ?? "major",
    },
  };
}
