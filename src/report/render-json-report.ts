import { acceptId } from "../acceptance/index.ts";
import { type ReviewOutcome, reuseSummary } from "../pipeline/index.ts";

/** Version of the JSON report's shape; bumped on breaking changes. */
export const JSON_REPORT_VERSION = 1;

/**
 * The outcome as a stable JSON document (the Action's `report-path`, the CLI's `--json`).
 * Local paths are left out: files are named by their display (repository) path only.
 */
export function renderJsonReport(
  outcome: ReviewOutcome,
  tool: { name: string; version: string },
): Record<string, unknown> {
  const credits = new Map((outcome.estimate?.files ?? []).map((f) => [f.blobPath, f]));
  const reuse = reuseSummary(outcome.assets);
  return {
    reportVersion: JSON_REPORT_VERSION,
    tool,
    status: outcome.status,
    conclusion: outcome.conclusion,
    reason: outcome.reason,
    environment: outcome.environment,
    failOn: outcome.failOn,
    maxCredits: outcome.maxCredits,
    submissionId: outcome.submissionId,
    submissionStatus: outcome.submissionStatus,
    // Every file that passed the local checks, with its asset id: there before any results are
    // (`--no-wait`, a budget stop), so a caller can follow each asset up.
    files: outcome.uploaded.map((u) => ({
      path: u.file.displayPath,
      // The version's content id, as an accepted file's entry names it (issue 32).
      content: u.file.version ?? null,
      assetId: u.assetId,
      blobPath: u.blobPath,
    })),
    credits:
      outcome.estimate === null
        ? null
        : {
            total: outcome.estimate.totalCredits,
            files: outcome.estimate.files.map((f) => ({
              path: f.file.displayPath,
              credits: f.credits,
              priceable: f.priceable,
            })),
          },
    // Files unchanged since a recorded review: not submitted again, their findings still count.
    reusedCount: reuse.count,
    creditsSaved: reuse.creditsSaved,
    issueCount: outcome.issueCount,
    // Issues people accepted: listed with their acceptance, never counted towards failOn.
    acceptedCount: outcome.acceptance?.acceptedCount ?? 0,
    counts: outcome.counts,
    failedAssetCount: outcome.failedAssetCount,
    skipped: outcome.skipped.map((s) => ({
      path: s.file.displayPath,
      reason: s.reason,
      message: s.message,
    })),
    assets: outcome.assets.map((a) => jsonAsset(a, credits.get(a.blobPath)?.credits ?? null)),
    error:
      outcome.error === null ? null : { name: outcome.error.name, message: outcome.error.message },
  };
}

/**
 * One reviewed asset of the report: its file, status and credits (`estimated`, unless reused),
 * its issues with their acceptance, its diff against the previous version and its reuse.
 */
function jsonAsset(
  a: ReviewOutcome["assets"][number],
  estimated: number | null,
): Record<string, unknown> {
  return {
    path: a.file.displayPath,
    content: a.file.version ?? null,
    assetId: a.assetId,
    filename: a.filename,
    status: a.status,
    // A reused file cost this run nothing; `reused.creditsSaved` is what it would have.
    credits: a.reused !== null ? 0 : estimated,
    failure: a.failure,
    retries: a.retries,
    versionNumber: a.versionNumber,
    counts: a.counts,
    issueCount: a.issues.length,
    topics: a.topics.map((t) => ({
      id: t.id,
      title: t.title,
      topicType: t.topicType,
      issueIds: t.issues.map((i) => i.id),
    })),
    orphanIssueIds: a.orphanIssues.map((i) => i.id),
    issues: a.issues.map((i) => ({
      ...i,
      acceptId: acceptId(i),
      accepted: a.accepted?.get(i.id) ?? null,
    })),
    expiredAcceptances: (a.expiredAcceptances ?? []).map((e) => ({
      line: e.line,
      issue: e.issue,
      expires: e.expires,
    })),
    diff:
      a.diff === null
        ? null
        : {
            previousVersionNumber: a.diff.previousVersionNumber,
            newIssueIds: a.diff.newIssues.map((i) => i.id),
            resolvedIssues: a.diff.resolvedIssues,
          },
    resultsError: a.resultsError,
    reused:
      a.reused === null
        ? null
        : {
            submissionId: a.reused.submissionId,
            reviewedIn: a.reused.reviewedIn,
            creditsSaved: a.reused.credits,
          },
  };
}
