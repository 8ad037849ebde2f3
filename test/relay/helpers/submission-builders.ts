import type { JournalEntry } from "../../../relay/journal/index.ts";
import type { AssetEvent, RelayEvent, SubmissionLink } from "../../../relay/relay-event.ts";
import type { AssetState, SubmissionState } from "../../../relay/submission/submission-state.ts";
import type { SeverityCounts } from "../../../src/policy/index.ts";

/** A link of submission `s` to a commit: two assets, fail-on critical unless overridden. */
export const link = (over: Partial<SubmissionLink> = {}): SubmissionLink => ({
  submissionId: "s",
  repository: "acme/site",
  sha: "abcdef1",
  pullRequest: 3,
  context: "content-review",
  assetCount: 2,
  failOn: "critical",
  ...over,
});

let n = 0;

/** An asset of `status` with these severity counts (null: unknown) and issue count. */
export const asset = (
  status: string,
  counts: Partial<SeverityCounts> | null = {},
  issueCount: number | null = null,
): AssetState => {
  n += 1;
  return {
    assetId: `a-${n}`,
    status,
    filename: `file-${n}.png`,
    issueCount,
    counts:
      counts === null ? null : { critical: 0, major: 0, minor: 0, info: 0, other: 0, ...counts },
    errorMessage: status === "failed" ? "decoder" : null,
  };
};

/** An asset that failed to process with `errorMessage`. */
export const failedAsset = (errorMessage: string, filename = "clip.mp4"): AssetState => ({
  ...asset("failed", null),
  filename,
  errorMessage,
});

export const state = (
  assets: AssetState[],
  l: SubmissionLink | null = link(),
): SubmissionState => ({ submissionId: "s", assets, link: l });

/** The event of asset `assetId` of submission `submissionId` completing with `issueCount` issues. */
export const completedEvent = (
  submissionId: string,
  assetId: string,
  issueCount = 0,
): AssetEvent => ({
  kind: "asset.processing.completed",
  submissionId,
  assetId,
  workspaceId: null,
  status: "complete",
  errorMessage: null,
  issueCount,
  occurredAt: null,
});

let seq = 0;

/** A journal entry of `event` being processed, `e-<seq>` with the next `seq`. */
export function journalEntry(event: RelayEvent, traceparent?: string | null): JournalEntry {
  seq += 1;
  const at = new Date(0).toISOString();
  return {
    id: `e-${seq}`,
    seq,
    event,
    state: "processing",
    attempts: 1,
    lastError: null,
    receivedAt: at,
    updatedAt: at,
    ...(traceparent === undefined ? {} : { traceparent }),
  };
}
