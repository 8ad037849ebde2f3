// @ts-nocheck
import type {
  AssetResult,
  ContentReviewClient,
  Issue,
  Submission,
  SubmissionAsset,
  Topic,
  VersionEntry,
} from "../api/index.ts";
import { countBySeverity } from "../policy/index.ts";
import { collectIssues, diffIssues } from "./diff-issues.ts";
import { mapConcurrent } from "./map-concurrent.ts";
import type { PipelineEvents } from "./pipeline-events.ts";
import type { AssetReview, UploadedAsset, VersionDiff } from "./review-outcome.ts";
import { secondsBetween } from "./seconds-between.ts";

export interface FetchAssetResultsOptions {
  readonly client: ContentReviewClient;
  readonly submission: Submission;
  readonly uploaded: readonly UploadedAsset[];
  readonly retries: ReadonlyMap<string, number>;
  readonly concurrency: number;
  readonly signal?: AbortSignal | undefined;
  readonly events: PipelineEvents;
  /** Read results of completed assets (false after a timeout: only statuses are reported). */
  readonly readResults: boolean;
}

function failureOf(asset: SubmissionAsset | undefined): AssetReview["failure"] {
  if (asset?.status !== "failed") return null;
  return {
    errorMessage: asset.errorMessage ?? null,
    errorType: asset.errorType ?? null,
    isRetryable: asset.isRetryable ?? null,
    retryCount: asset.retryCount ?? null,
  };
}

/**
 * Results of every asset of a submission with at most two requests each (see
 * {@link readAssetResults}). Only a later version costs more: one versions read per submission,
 * plus the previous version's topics.
 */
export async function fetchAssetResults(options: FetchAssetResultsOptions): Promise<AssetReview[]> {
  const { client, submission, signal } = options;
  const byId = new Map(submission.assets.map((a) => [a.assetId, a]));
  let versions: Promise<VersionEntry[]> | undefined;
  const versionList = () => {
    versions ??= client
      .listSubmissionVersions(submission.submissionId, { signal })
      .then((r) => r.versions);
    return versions;
  };

  return mapConcurrent(
    options.uploaded,
    options.concurrency,
    async (upload): Promise<AssetReview> => {
      const state = byId.get(upload.assetId);
      const base = {
        file: upload.file,
        assetId: upload.assetId,
        blobPath: upload.blobPath,
        filename: upload.filename,
        status: state?.status ?? "submitted",
        failure: failureOf(state),
        retries: options.retries.get(upload.assetId) ?? 0,
      } as const;
      let review: AssetReview = {
        ...base,
        versionNumber: null,
        processingSeconds: null,
        topics: [],
        orphanIssues: [],
        issues: [],
        counts: countBySeverity([]),
        diff: null,
        resultsError: null,
        reused: null,
      };
      if (options.readResults && state?.status === "complete") {
        try {
          const read = await readAssetResults(client, submission.submissionId, upload.assetId, {
            signal,
            versionList,
          });
          review = { ...review, ...read.results };
        } catch (error) {
          if (signal?.aborted) throw error;
          review = {
            ...review,
            resultsError: client.redact(
              `Results of ${upload.file.displayPath} could not be read: ${(error as Error).message}`,
            ),
          };
        }
      }
      options.events.onResults?.(review);
      return review;
    },
    signal,
  );
}

/** The results part of an {@link AssetReview}. */
export type AssetResults = Pick<
  AssetReview,
  "versionNumber" | "processingSeconds" | "topics" | "orphanIssues" | "issues" | "counts" | "diff"
>;

/**
 * The results of one asset, with two requests at once: the topics (which carry every issue, in
 * topics or as orphans, part 2.7) and the asset read (status, filename, `versionNumber`). Given
 * `versionList`, a later version also gets its diff with the previous one (two more requests at
 * most); without it `diff` is null. Throws what the requests throw.
 */
export async function readAssetResults(
  client: ContentReviewClient,
  submissionId: string,
  assetId: string,
  options: {
    signal?: AbortSignal | undefined;
    versionList?: (() => Promise<VersionEntry[]>) | undefined;
  },
): Promise<{ asset: AssetResult; results: AssetResults }> {
  const { signal, versionList } = options;
  const [topics, asset] = await Promise.all([
    client.listAssetTopics(submissionId, assetId, { signal }),
    client.getAsset(submissionId, assetId, { signal }),
  ]);
  const issues = collectIssues(topics.topics, topics.orphanIssues);
  const versionNumber = asset.versionNumber ?? 1;
  return {
    asset,
    results: {
      versionNumber,
      processingSeconds: secondsBetween(asset.startedAt, asset.completedAt),
      topics: topics.topics,
      orphanIssues: topics.orphanIssues,
      issues,
      counts: countBySeverity(issues),
      diff:
        versionNumber > 1 && versionList !== undefined
          ? await previousVersionDiff(
              client,
              versionList,
              asset.filename,
              versionNumber,
              issues,
              signal,
            )
          : null,
    },
  };
}

async function previousVersionDiff(
  client: ContentReviewClient,
  versionList: () => Promise<VersionEntry[]>,
  filename: string,
  versionNumber: number,
  issues: readonly Issue[],
  signal: AbortSignal | undefined,
): Promise<VersionDiff | null> {
  const entries = await versionList();
  const previous =
    entries.find((v) => v.name === filename && v.versionNumber === versionNumber - 1) ??
    entries.find((v) => v.versionNumber === versionNumber - 1 && entries.length <= versionNumber);
  if (previous === undefined) return null;
  if (previous.status !== "complete") {
    return {
      previousVersionNumber: previous.versionNumber,
      newIssues: [...issues],
      resolvedIssues: [],
    };
  }
  const topics = await client.listAssetTopics(previous.submissionId, previous.assetId, { signal });
  const before = collectIssues(topics.topics as Topic[], topics.orphanIssues);
  return { previousVersionNumber: previous.versionNumber, ...diffIssues(before, issues) };
}
