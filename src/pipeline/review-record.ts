import { z } from "zod";
import { plural } from "../policy/index.ts";
import type { AssetReview, CostEstimate, ReviewFile, UploadedAsset } from "./review-outcome.ts";
import { ReviewRecordError } from "./review-record-error.ts";

/** Version of the record's shape; a record of another version is not read. */
export const REVIEW_RECORD_VERSION = 1;

/**
 * What a file's `contentId` is, per kind of record: the Action uses Git blob shas (what GitHub
 * lists for a pull request's files), the CLI SHA-256 digests of the bytes.
 */
export const CONTENT_ID_PATTERNS = Object.freeze({
  "git-blob": /^[0-9a-f]{40}$/,
  sha256: /^[0-9a-f]{64}$/,
} as const);

export type ContentIdentity = keyof typeof CONTENT_ID_PATTERNS;

/** One file version reviewed to completion: what a later run may reuse instead of paying again. */
export interface ReviewRecordEntry {
  /** The file's display path (repository path, or path relative to the state file). */
  readonly path: string;
  /** The file's content id (see {@link ContentIdentity}). */
  readonly contentId: string;
  readonly submissionId: string;
  readonly assetId: string;
  /** The run that reviewed it: a commit sha (Action) or a date-time (CLI). */
  readonly reviewedIn: string;
  /** What the review cost. */
  readonly credits: number;
  /**
   * When the review was done (ISO 8601), as the run that did it signed it: of two records of one
   * file version, the newer review wins. Absent in records of earlier versions (oldest).
   */
  readonly reviewedAt?: string | undefined;
}

/**
 * The reviews of earlier runs, keyed by path and content id. It holds ids only: never an API key,
 * a token or a URL (the schema admits nothing else).
 */
export interface ReviewRecord {
  readonly version: typeof REVIEW_RECORD_VERSION;
  readonly identity: ContentIdentity;
  /** The sidekicks the reviews ran with: other sidekicks find other things. */
  readonly sidekickIds: readonly string[];
  readonly entries: readonly ReviewRecordEntry[];
}

const entrySchema = z.strictObject({
  path: z.string().min(1).max(4096),
  contentId: z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/),
  submissionId: z.guid(),
  assetId: z.guid(),
  reviewedIn: z.string().min(1).max(64),
  credits: z.number().finite().min(0),
  reviewedAt: z.iso.datetime().optional(),
});

const recordSchema = z
  .strictObject({
    version: z.literal(REVIEW_RECORD_VERSION),
    identity: z.enum(Object.keys(CONTENT_ID_PATTERNS) as [ContentIdentity, ...ContentIdentity[]]),
    sidekickIds: z.array(z.string().min(1).max(200)).min(1).max(100),
    entries: z.array(entrySchema),
  })
  .superRefine((record, ctx) => {
    const pattern = CONTENT_ID_PATTERNS[record.identity];
    record.entries.forEach((entry, i) => {
      if (!pattern.test(entry.contentId))
        ctx.addIssue({
          code: "custom",
          path: ["entries", i, "contentId"],
          message: `is not a ${record.identity} content id`,
        });
    });
  });

/**
 * Checks that `value` (parsed JSON) is a review record, and returns it. Throws
 * {@link ReviewRecordError} naming `source` and the first problem.
 */
export function parseReviewRecord(value: unknown, source: string): ReviewRecord {
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ReviewRecordError(
      `The review record in ${source} is not valid${where}: ${issue.message}.`,
      { source, cause: parsed.error },
    );
  }
  return parsed.data as ReviewRecord;
}

function sidekickSet(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

/** The entries of `previous` that a run of `identity` with `sidekickIds` may use, and why not. */
export function usableEntries(
  previous: ReviewRecord | null,
  options: { identity: ContentIdentity; sidekickIds: readonly string[] },
): { entries: readonly ReviewRecordEntry[]; notice: string | null } {
  if (previous === null) return { entries: [], notice: null };
  if (previous.identity !== options.identity)
    return {
      entries: [],
      notice: `The review record identifies files by ${previous.identity}, not ${options.identity}; every file is reviewed again.`,
    };
  const before = sidekickSet(previous.sidekickIds);
  const now = sidekickSet(options.sidekickIds);
  if (before.join("\n") !== now.join("\n"))
    return {
      entries: [],
      notice: `The recorded reviews ran with the sidekicks ${before.join(", ")}, this run with ${now.join(", ")}; every file is reviewed again.`,
    };
  return { entries: previous.entries, notice: null };
}

/** The recorded review of this version of `file`: same path and same content id. */
export function recordedReview(
  entries: readonly ReviewRecordEntry[],
  file: ReviewFile,
): ReviewRecordEntry | undefined {
  if (file.contentId === undefined) return undefined;
  return entries.find((e) => e.path === file.displayPath && e.contentId === file.contentId);
}

/**
 * The record after a run: the usable earlier entries (the first of each path), each replaced by
 * this run's entry for the same path (one entry a path: the newest version). A file gets an entry when its review is
 * complete (fresh, or reused), so a failed review is never recorded. `polledComplete` are the
 * uploads the service last said were complete, before the run was cancelled or timed out and
 * their results were read: their reviews are paid for, so they are recorded too.
 */
export function nextReviewRecord(
  carried: readonly ReviewRecordEntry[],
  run: {
    readonly assets: readonly AssetReview[];
    readonly submissionId: string | null;
    readonly estimate: CostEstimate | null;
    readonly polledComplete?: readonly UploadedAsset[];
  },
  options: {
    identity: ContentIdentity;
    sidekickIds: readonly string[];
    reviewedIn: string;
    /** When this run's reviews were done (ISO 8601). */
    reviewedAt?: string | undefined;
  },
): ReviewRecord {
  // The first entry of a path is carried (a merged record lists the most relevant first).
  const byPath = new Map<string, ReviewRecordEntry>();
  for (const e of carried) if (!byPath.has(e.path)) byPath.set(e.path, e);
  const credits = new Map((run.estimate?.files ?? []).map((f) => [f.blobPath, f.credits]));
  const polled = (run.polledComplete ?? []).map((u) => ({
    ...u,
    status: "complete",
    resultsError: null,
    reused: null,
  }));
  for (const asset of [...polled, ...run.assets]) {
    const contentId = asset.file.contentId;
    if (contentId === undefined || asset.status !== "complete" || asset.resultsError !== null)
      continue;
    const path = asset.file.displayPath;
    if (asset.reused !== null) {
      byPath.set(path, {
        path,
        contentId,
        submissionId: asset.reused.submissionId,
        assetId: asset.assetId,
        reviewedIn: asset.reused.reviewedIn,
        credits: asset.reused.credits,
        ...(asset.reused.reviewedAt === undefined ? {} : { reviewedAt: asset.reused.reviewedAt }),
      });
    } else if (run.submissionId !== null) {
      byPath.set(path, {
        path,
        contentId,
        submissionId: run.submissionId,
        assetId: asset.assetId,
        reviewedIn: options.reviewedIn,
        credits: credits.get(asset.blobPath) ?? 0,
        ...(options.reviewedAt === undefined ? {} : { reviewedAt: options.reviewedAt }),
      });
    }
  }
  return {
    version: REVIEW_RECORD_VERSION,
    identity: options.identity,
    sidekickIds: sidekickSet(options.sidekickIds),
    entries: [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
  };
}

/** Files reused and credits saved, for reports: `5 unchanged files reused (5 credits saved)`. */
export function reuseSummary(assets: readonly AssetReview[]): {
  count: number;
  creditsSaved: number;
  text: string;
} {
  const reused = assets.filter((a) => a.reused !== null);
  const creditsSaved = reused.reduce((n, a) => n + (a.reused?.credits ?? 0), 0);
  return {
    count: reused.length,
    creditsSaved,
    text: `${plural(reused.length, "unchanged file")} reused (${plural(creditsSaved, "credit")} saved)`,
  };
}
