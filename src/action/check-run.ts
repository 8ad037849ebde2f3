import type { ReviewConclusion, ReviewOutcome } from "../pipeline/index.ts";
import { type FailOn, meetsThreshold } from "../report/index.ts";
import type { GithubClient } from "./create-github-client.ts";
import type { GithubContext } from "./read-github-context.ts";

/** GitHub accepts at most 50 annotations per check-run request. */
export const ANNOTATION_BATCH = 50;

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
 * File-level annotations (line 1: media has no lines): one per issue, `failure` at or above
 * `failOn`, and one `failure` per failed asset. Annotation text is plain, never markdown.
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
      const level = meetsThreshold(issue.severity, failOn)
        ? "failure"
        : issue.severity === "info"
          ? "notice"
          : "warning";
      out.push({
        path,
        start_line: 1,
        end_line: 1,
        annotation_level: level,
        title: clip(`${issue.severity}${issue.ruleCode ? ` ${issue.ruleCode}` : ""}`, 255),
        message: clip([issue.summary, issue.details].filter(Boolean).join("\n\n"), 4000),
      });
    }
  }
  return out;
}

/** Creates the check run `in_progress` on the commit; returns its id. */
export async function startCheckRun(
  github: GithubClient,
  context: GithubContext,
  name: string,
  signal?: AbortSignal,
): Promise<number> {
  const { data } = await github.rest.checks.create({
    owner: context.owner,
    repo: context.repo,
    name,
    head_sha: context.sha,
    status: "in_progress",
    started_at: new Date().toISOString(),
    request: { signal },
  });
  return data.id;
}

/**
 * Concludes the check run (creating it when `id` is undefined) with the markdown summary and
 * the annotations in batches of 50: the conclusion goes out with the first batch, so that a
 * failure later on never leaves the check in progress.
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
    signal?: AbortSignal | undefined;
  },
): Promise<number> {
  const { owner, repo } = context;
  const batches: CheckAnnotation[][] = [];
  for (let i = 0; i < options.annotations.length; i += ANNOTATION_BATCH) {
    batches.push(options.annotations.slice(i, i + ANNOTATION_BATCH));
  }
  const output = (annotations: CheckAnnotation[] | undefined) => ({
    title: clip(options.title, 255),
    summary: options.summary,
    ...(annotations === undefined ? {} : { annotations }),
  });
  const request = { signal: options.signal };
  let id = options.id;
  const completed = {
    status: "completed" as const,
    conclusion: options.conclusion,
    completed_at: new Date().toISOString(),
    output: output(batches[0]),
    request,
  };
  if (id === undefined) {
    const { data } = await github.rest.checks.create({
      owner,
      repo,
      name: options.name,
      head_sha: context.sha,
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
      request,
    });
  }
  return id;
}
