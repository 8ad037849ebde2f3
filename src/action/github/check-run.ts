import { acceptId } from "../../acceptance/index.ts";
import type { ReviewOutcome } from "../../pipeline/index.ts";
import { type FailOn, meetsThreshold, type ReviewConclusion } from "../../policy/index.ts";
import { issueLocationIn } from "../../report/index.ts";
import type { GithubClient } from "./create-github-client.ts";
import type { GithubContext } from "./read-github-context.ts";

/** GitHub accepts at most 50 annotations per check-run request. */
export const ANNOTATION_BATCH = 50;
/** Annotations sent at most (20 requests); the job summary and JSON report have every finding. */
export const MAX_ANNOTATIONS = 1_000;
/** GitHub's limit on a check run's `output.text`, as on its summary: 65,535 characters. */
export const CHECK_TEXT_LIMIT = 65_535;
/** Room for the review record in the text, next to the note on annotations left out. */
export const RECORD_ROOM = CHECK_TEXT_LIMIT - 1_000;

export interface CheckAnnotation {
  readonly path: string;
  readonly start_line: number;
  readonly end_line: number;
  readonly annotation_level: "notice" | "warning" | "failure";
  readonly title: string;
  readonly message: string;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Annotations: one per issue, at the line its anchor names in a text file, else at line 1 (media
 * have no lines); `failure` at or above `failOn`; and one `failure` per failed asset. Annotation
 * text is plain, never markdown.
 */
export function buildAnnotations(outcome: ReviewOutcome, failOn: FailOn): CheckAnnotation[] {
  const out: CheckAnnotation[] = [];
  for (const asset of outcome.assets) {
    const path = asset.file.displayPath;
    if (asset.status === "failed" || asset.resultsError !== null) {
      out.push({
        path,
        start_line: 1,
        end_line: 1,
        annotation_level: "failure",
        title: "Review failed",
        message: clip(
          asset.resultsError ?? asset.failure?.errorMessage ?? "The review of this file failed.",
          4000,
        ),
      });
      continue;
    }
    for (const issue of asset.issues) {
      // An accepted issue is a notice that says who accepted it (issue 32).
      const accepted = asset.accepted?.get(issue.id);
      const level =
        accepted === undefined && meetsThreshold(issue.severity, failOn)
          ? "failure"
          : accepted !== undefined || issue.severity === "info"
            ? "notice"
            : "warning";
      const line = issueLocationIn(path, issue)?.line ?? 1;
      const acceptance =
        accepted === undefined
          ? `Accept id: ${acceptId(issue)}`
          : `Accepted by ${accepted.by} until ${accepted.expires}: ${accepted.reason}`;
      out.push({
        path,
        start_line: line,
        end_line: line,
        annotation_level: level,
        title: clip(
          `${accepted === undefined ? "" : "accepted "}${issue.severity}${issue.ruleCode ? ` ${issue.ruleCode}` : ""}`,
          255,
        ),
        message: clip(
          [issue.summary, issue.details, acceptance].filter(Boolean).join("\n\n"),
          4000,
        ),
      });
    }
  }
  return out;
}

/**
 * Creates the check run `in_progress` on the commit; returns its id, and the id and slug of the
 * GitHub App it belongs to (for the Actions token, GitHub Actions'): to find the earlier runs of
 * that App, and to know the Action's own review comments.
 */
export async function startCheckRun(
  github: GithubClient,
  context: GithubContext,
  name: string,
): Promise<{ id: number; appId: number | undefined; appSlug: string | undefined }> {
  const { data } = await github.rest.checks.create({
    owner: context.owner,
    repo: context.repo,
    name,
    head_sha: context.sha,
    status: "in_progress",
    started_at: new Date().toISOString(),
  });
  return { id: data.id, appId: data.app?.id ?? undefined, appSlug: data.app?.slug ?? undefined };
}

/**
 * Concludes the check run (creating it when `id` is undefined) with the markdown summary and up
 * to 1,000 annotations in batches of 50: the conclusion goes out with the first batch, so that a
 * failure later on never leaves the check in progress. Past 1,000, the output's text says how
 * many were left out and where they are. The text also carries `record`, the hidden review record
 * of an incremental run (at most {@link RECORD_ROOM} characters), in every request: the summary
 * keeps the whole room for the report, and a later update never drops the record.
 */
export async function completeCheckRun(
  github: GithubClient,
  context: GithubContext,
  options: {
    id: number | undefined;
    name: string;
    conclusion: Exclude<ReviewConclusion, "pending">;
    title: string;
    summary: string;
    annotations: readonly CheckAnnotation[];
    /** The hidden review record block (see `writeRecordBlock`). */
    record?: string | undefined;
  },
): Promise<number> {
  const { owner, repo } = context;
  const sent = options.annotations.slice(0, MAX_ANNOTATIONS);
  const batches: CheckAnnotation[][] = [];
  for (let i = 0; i < sent.length; i += ANNOTATION_BATCH) {
    batches.push(sent.slice(i, i + ANNOTATION_BATCH));
  }
  const left = options.annotations.length - sent.length;
  const note =
    left > 0
      ? `${left} more annotations past the first ${MAX_ANNOTATIONS} are not shown here; the job summary and the JSON report have every finding.`
      : undefined;
  const parts = [note, options.record].filter((p): p is string => p !== undefined);
  const text = parts.length > 0 ? parts.join("\n\n") : undefined;
  const output = (annotations: CheckAnnotation[] | undefined) => ({
    title: clip(options.title, 255),
    summary: options.summary,
    ...(text === undefined ? {} : { text }),
    ...(annotations === undefined ? {} : { annotations }),
  });
  let id = options.id;
  const completed = {
    status: "completed" as const,
    conclusion: options.conclusion,
    completed_at: new Date().toISOString(),
    output: output(batches[0]),
  };
  if (id === undefined) {
    const { data } = await github.rest.checks.create({
      owner,
      repo,
      name: options.name,
      head_sha: context.sha,
      // Started when it completed: left to GitHub, started_at would be the server's time of
      // arrival, after the completed_at sent (a run that ended 20 ms before it started).
      started_at: completed.completed_at,
      ...completed,
    });
    id = data.id;
  } else {
    await github.rest.checks.update({ owner, repo, check_run_id: id, ...completed });
  }
  for (const batch of batches.slice(1)) {
    await github.rest.checks.update({
      owner,
      repo,
      check_run_id: id,
      output: output(batch),
    });
  }
  return id;
}
