import type {
  Acceptance,
  AcceptedEntry,
  AcceptedFile,
  UnmatchedEntry,
} from "../acceptance/index.ts";
import type { Issue, LocalFileProblem, Submission, SubmissionStatus, Topic } from "../api/index.ts";
import type { FailOn, ReviewConclusion, ReviewStatus, SeverityCounts } from "../policy/index.ts";
import type { ReviewRecord } from "./review-record.ts";

/** A local file to review: where to read it, and how to show it (e.g. its repository path). */
export interface ReviewFile {
  /** Path to read the bytes from. */
  readonly path: string;
  /** Path shown in reports and used for annotations, e.g. `media/ad.mp4`. */
  readonly displayPath: string;
  /**
   * True when the tool found the file (a PR's changed files, a directory, a glob) rather than
   * the user naming it. A found file that cannot be reviewed is skipped with a warning; a named
   * one fails the run (in sandbox: a name without a marker, part 4.14 rule 1). @default false
   */
  readonly discovered?: boolean;
  /**
   * Identity of the file's content: a Git blob sha (the Action) or a SHA-256 (the CLI). With an
   * incremental run, a file whose path and content id match a recorded review is not reviewed
   * again. Undefined: the file is always reviewed, and never recorded.
   */
  readonly contentId?: string | undefined;
  /**
   * The file version's content id for accepted findings: its Git blob sha (what
   * `git hash-object` prints), the same in the Action and the CLI (see `identifyVersions`).
   * Undefined: unknown, and nothing of the file can be accepted.
   */
  readonly version?: string | undefined;
}

/** Why a file was left out before submission. */
export type SkipReason = LocalFileProblem | "upload-failed" | "no-sandbox-marker";

/** A file left out before submission; the others go on without it. */
export interface SkippedFile {
  readonly file: ReviewFile;
  readonly reason: SkipReason;
  /** What went wrong and what to do; redacted. */
  readonly message: string;
}

/** A file that is in storage (or, in sandbox, named by a blobPath) and ready to submit. */
export interface UploadedAsset {
  readonly file: ReviewFile;
  readonly assetId: string;
  readonly blobPath: string;
  readonly filename: string;
  readonly size: number;
}

/** Credits of one file (part 2.12). */
export interface FileEstimate {
  readonly file: ReviewFile;
  readonly blobPath: string;
  readonly credits: number;
  /** False when the service cannot measure the file; it then costs 0 credits. */
  readonly priceable: boolean;
}

/** The price estimate of the whole batch (part 4.2). */
export interface CostEstimate {
  readonly files: readonly FileEstimate[];
  readonly totalCredits: number;
}

/** Flat failure fields of a failed asset (part 2.9). */
export interface AssetFailure {
  readonly errorMessage: string | null;
  readonly errorType: string | null;
  readonly isRetryable: boolean | null;
  readonly retryCount: number | null;
}

/** Issues new and resolved since the previous version of the asset (versionNumber > 1). */
export interface VersionDiff {
  readonly previousVersionNumber: number;
  readonly newIssues: readonly Issue[];
  readonly resolvedIssues: readonly Issue[];
}

/** Where the findings of a file that was not reviewed again come from. */
export interface ReusedReview {
  /** The submission of the recorded review (the asset's own). */
  readonly submissionId: string;
  /** The run that reviewed this version: a commit sha (Action) or a date-time (CLI). */
  readonly reviewedIn: string;
  /** What that review cost, so what reusing it saved. */
  readonly credits: number;
  /** When that review was done (ISO 8601), when its record says. */
  readonly reviewedAt?: string | undefined;
}

/** The review of one asset. */
export interface AssetReview {
  readonly file: ReviewFile;
  readonly assetId: string;
  readonly blobPath: string;
  readonly filename: string;
  /** Final asset status: `complete` or `failed`, or a non-terminal status after a timeout. */
  readonly status: SubmissionStatus;
  /** Set when the asset failed for good (after any retries). */
  readonly failure: AssetFailure | null;
  /** How many times this run re-ran the asset. */
  readonly retries: number;
  /** From the asset read; null when the asset was not read (failed, or no results). */
  readonly versionNumber: number | null;
  /** Seconds the service spent on the asset (its `startedAt` to `completedAt`); null when unknown. */
  readonly processingSeconds: number | null;
  readonly topics: readonly Topic[];
  readonly orphanIssues: readonly Issue[];
  /** Every issue once: the topics' issues and the orphan issues. */
  readonly issues: readonly Issue[];
  readonly counts: SeverityCounts;
  readonly diff: VersionDiff | null;
  /** Set when the asset completed but its results could not be read; redacted. */
  readonly resultsError: string | null;
  /**
   * Set when the file is unchanged since a recorded review, whose results were read instead of
   * reviewing it again (no upload, no submission, no credits). Its findings count as usual.
   */
  readonly reused: ReusedReview | null;
  /**
   * The issues people accepted (issue 32), by issue id: listed, but not counted towards
   * `failOn`. Absent: none.
   */
  readonly accepted?: ReadonlyMap<string, Acceptance> | undefined;
  /** Entries of the accepted file about this version that have expired: the report says so. */
  readonly expiredAcceptances?: readonly AcceptedEntry[] | undefined;
}

/** What the accepted file did in a run (issue 32). */
export interface OutcomeAcceptance {
  readonly file: AcceptedFile;
  /** Issues accepted, over all assets. */
  readonly acceptedCount: number;
  /** Entries that accept nothing in this run: a notice each, so that they can be removed. */
  readonly unmatched: readonly UnmatchedEntry[];
}

/** Everything a run found, as plain data: what reports and exit codes are made from. */
export interface ReviewOutcome {
  readonly status: ReviewStatus;
  readonly conclusion: ReviewConclusion;
  /** One sentence saying why the run ended as it did; redacted. */
  readonly reason: string;
  readonly environment: "live" | "sandbox";
  readonly failOn: FailOn;
  readonly maxCredits: number | null;
  readonly submissionId: string | null;
  readonly submissionStatus: SubmissionStatus | null;
  readonly skipped: readonly SkippedFile[];
  readonly uploaded: readonly UploadedAsset[];
  readonly estimate: CostEstimate | null;
  readonly assets: readonly AssetReview[];
  /** Totals over all assets. */
  readonly counts: SeverityCounts;
  readonly issueCount: number;
  /** Assets failed for good, plus completed assets whose results could not be read. */
  readonly failedAssetCount: number;
  /** The error that ended the run (`status: "error"`); name and redacted message. */
  readonly error: {
    readonly name: string;
    readonly message: string;
    readonly cause?: unknown;
  } | null;
  /** The last submission read, if any (for callers that want more than the outcome). */
  readonly lastSubmission: Submission | null;
  /**
   * Incremental runs: the record for the next run (the earlier entries, updated with every file
   * this run reviewed to completion or reused). Null when the run kept no record.
   */
  readonly record: ReviewRecord | null;
  /** What the accepted file did; absent or null when the run read none. */
  readonly acceptance?: OutcomeAcceptance | null | undefined;
}
