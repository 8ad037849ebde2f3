import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as core from "@actions/core";
import {
  ContentReviewClient,
  PACKAGE_NAME,
  PACKAGE_VERSION,
  redact,
  userAgent,
} from "../api/index.ts";
import {
  outcomeWithoutReview,
  type ReviewFile,
  type ReviewOutcome,
  runReviewPipeline,
  type SkippedFile,
} from "../pipeline/index.ts";
import { CONCLUSION_LABELS, formatSeverityCounts, renderMarkdownReport } from "../report/index.ts";
import { ActionInputError } from "./action-input-error.ts";
import { buildAnnotations, completeCheckRun, startCheckRun } from "./check-run.ts";
import {
  createGithubClient,
  type GithubClient,
  isPermissionError,
} from "./create-github-client.ts";
import { fetchPullRequestFiles } from "./fetch-pull-request-files.ts";
import { type ChangedFiles, listChangedFiles } from "./list-changed-files.ts";
import { progressLog } from "./progress-log.ts";
import { publishReview } from "./publish-review.ts";
import { type GithubContext, readGithubContext } from "./read-github-context.ts";
import { registerWithRelay } from "./register-with-relay.ts";
import { type ActionInputs, resolveActionInputs } from "./resolve-action-inputs.ts";
import { selectFiles } from "./select-files.ts";
import { writeReportFiles } from "./write-report-files.ts";

/** Conclusions that make the step fail (issue 4, flow step 7). */
export const FAILING_CONCLUSIONS: ReadonlySet<string> = new Set([
  "failure",
  "timed_out",
  "cancelled",
]);

/** Time left for the last GitHub calls after a cancellation: the check must close within 5 s. */
const CANCEL_GRACE_MS = 3_500;

interface RunState {
  secrets: string[];
  outcome: ReviewOutcome | undefined;
  reportPath: string;
  /** Where to report, once the inputs and the event are known: failures after that get a check run too. */
  target: ReportTarget | undefined;
}

/**
 * The Action: reads inputs and the event, runs the shared review pipeline, and reports on every
 * path (check run, PR review, job summary, outputs, JSON report, SARIF). It catches everything
 * and reports with `setFailed`; it never calls `process.exit`. SIGINT/SIGTERM cancel the run and
 * conclude the check as `cancelled`.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    core.warning(`Received ${signal}: cancelling the review.`);
    controller.abort(new Error(`Cancelled by ${signal}.`));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const state: RunState = {
    secrets: [],
    outcome: undefined,
    target: undefined,
    reportPath: join(
      env["RUNNER_TEMP"] || tmpdir(),
      `content-review-report-${env["GITHUB_RUN_ID"] ?? process.pid}.json`,
    ),
  };
  try {
    await main(env, controller.signal, state);
  } catch (error) {
    const cancelled = controller.signal.aborted;
    const message = cancelled
      ? "The run was cancelled."
      : redact((error as Error).message ?? String(error), state.secrets);
    if (state.outcome === undefined) {
      state.outcome = outcomeWithoutReview({
        status: cancelled ? "cancelled" : "error",
        reason: message,
        error,
        secrets: state.secrets,
        ...(state.target === undefined ? {} : { failOn: state.target.inputs.failOn }),
      });
      await report(state, state.target).catch(() => {});
    }
    core.setFailed(message);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

function mask(value: string, state: RunState): void {
  if (value === "") return;
  core.setSecret(value);
  state.secrets.push(value);
}

async function main(env: NodeJS.ProcessEnv, signal: AbortSignal, state: RunState): Promise<void> {
  // Masked before anything else is read or logged.
  mask(core.getInput("api-key").trim(), state);
  mask(core.getInput("relay-token").trim(), state);
  mask(core.getInput("github-token").trim(), state);
  const context = readGithubContext(env);

  // Fork PRs (and Dependabot's) run without the repository's secrets: skip, do not fail.
  const withoutSecrets =
    context.pullRequest?.isFork === true || env["GITHUB_ACTOR"] === "dependabot[bot]";
  if (
    core.getInput("api-key").trim() === "" &&
    context.pullRequest !== undefined &&
    withoutSecrets
  ) {
    const reason =
      "This pull request runs without the repository's secrets (it comes from a fork, or from Dependabot), so the review was skipped. A maintainer can review it after merging, or from a workflow_dispatch run.";
    core.notice(reason);
    state.outcome = outcomeWithoutReview({ status: "nothing-to-review", reason });
    await report(state, undefined);
    return;
  }

  const inputs = resolveActionInputs((name) => core.getInput(name));
  const client = new ContentReviewClient({
    apiKey: inputs.apiKey,
    baseUrl: inputs.baseUrl,
    caller: "action",
  });
  const github =
    inputs.githubToken === ""
      ? undefined
      : createGithubClient({
          token: inputs.githubToken,
          baseUrl: context.apiUrl,
          userAgent: userAgent("action"),
          log: (m) => core.info(redact(m, state.secrets)),
        });
  if (github === undefined && (context.pullRequest !== undefined || context.push !== undefined)) {
    throw new ActionInputError(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub expression syntax, shown to the user
      'Input "github-token" is empty: it is needed to list the changed files. Keep its default, ${{ github.token }}.',
      { input: "github-token" },
    );
  }

  if (context.push?.deleted === true) {
    const reason = "The push deleted a branch: there is nothing to review.";
    core.notice(reason);
    // No check run: a deleted branch has no head commit to put it on.
    state.outcome = outcomeWithoutReview({ status: "nothing-to-review", reason });
    await report(state, undefined);
    return;
  }

  // `comment: none` keeps the findings off the PR entirely: job summary and outputs only.
  state.target = {
    inputs,
    context,
    github,
    checkRunId: undefined,
    checksAllowed: github !== undefined && inputs.wait && inputs.comment !== "none",
  };
  // A failure or a cancellation from here on still concludes the check run (see run()).
  const changed: ChangedFiles | null =
    github === undefined ? null : await listChangedFiles(github, context, signal);
  let files: ReviewFile[];
  let skippedEarly: SkippedFile[];
  if (context.eventName === "pull_request_target" && changed !== null && github !== undefined) {
    // The workspace holds the base branch here: the head's files are read as data, never checked out.
    const head = await fetchPullRequestFiles(github, context, {
      paths: changed.paths,
      patterns: inputs.files,
      dir: join(
        env["RUNNER_TEMP"] || tmpdir(),
        `content-review-pr-head-${env["GITHUB_RUN_ID"] ?? process.pid}`,
      ),
      signal,
    });
    files = head.files;
    skippedEarly = head.skipped;
  } else {
    const selected = await selectFiles({
      workspace: context.workspace,
      patterns: inputs.files,
      changed: changed?.paths ?? null,
    });
    files = selected.files;
    skippedEarly = selected.throughSymlink.map((p) => ({
      file: { path: resolve(context.workspace, p), displayPath: p },
      reason: "symlink" as const,
      message: `${p} is reached through a symbolic link; links are never followed.`,
    }));
  }
  const matching = files.length + skippedEarly.length;
  core.info(
    changed === null
      ? `${matching} files match the patterns.`
      : `${changed.paths.length} changed files, ${matching} of them match the patterns.`,
  );
  if (changed?.fallback !== undefined) core.warning(changed.fallback);
  if (changed?.truncated === true)
    core.warning(
      `GitHub lists only the first ${context.pullRequest === undefined || changed.fallback !== undefined ? "300 files of a comparison" : "3000 files of a pull request"}: files past that limit are not reviewed. Split the change, or review everything with a workflow_dispatch run.`,
    );
  for (const skipped of skippedEarly)
    core.warning(skipped.message, { file: skipped.file.displayPath });

  const target = state.target;
  if (target.checksAllowed && github !== undefined) {
    try {
      target.checkRunId = await startCheckRun(github, context, inputs.checkName, signal);
    } catch (error) {
      if (!isPermissionError(error)) throw error;
      target.checksAllowed = false;
      core.warning(
        'Cannot create a check run (the token lacks "checks: write"); the findings are in the job summary.',
      );
    }
  }

  const outcome = await runReviewPipeline({
    client,
    files,
    sidekickIds: inputs.sidekickIds,
    failOn: inputs.failOn,
    maxCredits: inputs.maxCredits,
    wait: inputs.wait,
    timeoutMs: inputs.timeoutMinutes * 60_000,
    retryFailed: inputs.retryFailed,
    uploadConcurrency: inputs.uploadConcurrency,
    signal,
    events: progressLog({
      info: (m) => core.info(m),
      warning: (m, file) => core.warning(m, file === undefined ? undefined : { file }),
    }),
  });
  state.outcome = {
    ...outcome,
    skipped: [...skippedEarly, ...outcome.skipped],
  };
  core.info(
    `${outcome.reason} ${outcome.status === "completed" ? formatSeverityCounts(outcome.counts) : ""}`.trim(),
  );
  const problem = await report(state, target);
  if (problem !== undefined) core.setFailed(problem);
  else if (FAILING_CONCLUSIONS.has(state.outcome.conclusion)) core.setFailed(state.outcome.reason);
}

interface ReportTarget {
  inputs: ActionInputs;
  context: GithubContext;
  github: GithubClient | undefined;
  checkRunId: number | undefined;
  checksAllowed: boolean;
}

/** Every report of the run; GitHub failures degrade to warnings, the job summary always goes out. */
async function report(
  state: RunState,
  target: ReportTarget | undefined,
): Promise<string | undefined> {
  let problem: string | undefined;
  const outcome = state.outcome!;
  const warn = (what: string, error: unknown) =>
    core.warning(
      `${what}: ${redact((error as Error).message ?? String(error), state.secrets)}${isPermissionError(error) ? " (the token lacks a permission; the findings are in the job summary)" : ""}`,
    );
  const cancelled = outcome.conclusion === "cancelled";
  const signal = AbortSignal.timeout(cancelled ? CANCEL_GRACE_MS : 60_000);
  const title = target?.inputs.checkName ?? "Content Review";
  const tool = {
    name: "Content Review",
    version: PACKAGE_VERSION,
    informationUri: `https://www.npmjs.com/package/${PACKAGE_NAME}`,
  };
  const sarifPath =
    target?.inputs.sarifFile === undefined
      ? undefined
      : resolve(target.context.workspace, target.inputs.sarifFile);

  try {
    await writeReportFiles({ outcome, reportPath: state.reportPath, sarifPath, tool });
  } catch (error) {
    warn("Could not write the report files", error);
  }

  if (target?.github !== undefined) {
    const { github, context, inputs } = target;
    if (outcome.conclusion === "pending" && outcome.submissionId !== null) {
      try {
        await submitAsync(github, context, inputs, outcome, signal, warn);
      } catch (error) {
        // The submission exists but nobody will report on it: fail the step, after the outputs.
        problem = redact((error as Error).message, state.secrets);
      }
    } else if (target.checksAllowed) {
      try {
        await completeCheckRun(github, context, {
          id: target.checkRunId,
          name: inputs.checkName,
          conclusion: outcome.conclusion as Exclude<typeof outcome.conclusion, "pending">,
          title:
            outcome.status === "completed"
              ? `${CONCLUSION_LABELS[outcome.conclusion]}: ${formatSeverityCounts(outcome.counts)}`
              : outcome.reason,
          summary: renderMarkdownReport(outcome, {
            title,
            fullReportHint: "The job summary and the JSON report have the rest.",
          }),
          annotations: buildAnnotations(outcome, inputs.failOn),
          signal,
        });
      } catch (error) {
        warn("Could not complete the check run", error);
      }
    }
    if (
      inputs.comment === "review" &&
      context.pullRequest !== undefined &&
      outcome.status === "completed"
    ) {
      try {
        const published = await publishReview(github, context, {
          outcome,
          checkName: inputs.checkName,
          signal,
        });
        core.info(
          `PR review: ${published.created} new, ${published.updated} updated, ${published.outdated} marked outdated, ${published.unchanged} unchanged comments.`,
        );
      } catch (error) {
        warn("Could not post the PR review", error);
      }
    }
  }

  try {
    await core.summary
      .addRaw(
        renderMarkdownReport(outcome, {
          title,
          chart: true,
          fullReportHint: "The JSON report has the rest.",
        }),
        true,
      )
      .write();
  } catch (error) {
    warn("Could not write the job summary", error);
  }

  core.setOutput("submission-id", outcome.submissionId ?? "");
  core.setOutput("status", outcome.conclusion);
  core.setOutput("issue-count", String(outcome.issueCount));
  core.setOutput("critical-count", String(outcome.counts.critical));
  core.setOutput("credits", String(outcome.estimate?.totalCredits ?? 0));
  core.setOutput("report-path", state.reportPath);
  return problem;
}

/** `wait: false`: a pending commit status, then the relay takes over (it finishes the status). */
async function submitAsync(
  github: GithubClient,
  context: GithubContext,
  inputs: ActionInputs,
  outcome: ReviewOutcome,
  signal: AbortSignal,
  warn: (what: string, error: unknown) => void,
): Promise<void> {
  try {
    await github.rest.repos.createCommitStatus({
      owner: context.owner,
      repo: context.repo,
      sha: context.sha,
      state: "pending",
      context: inputs.checkName,
      description:
        `Review of ${outcome.uploaded.length} files submitted; waiting for results.`.slice(0, 140),
      request: { signal },
    });
  } catch (error) {
    warn("Could not set the pending commit status", error);
  }
  if (inputs.relayUrl === undefined || inputs.relayToken === undefined) {
    core.warning(
      "wait is false and relay-url is not set: nothing will finish the pending status. Set relay-url to let the relay report the results.",
    );
    return;
  }
  try {
    await registerWithRelay({
      relayUrl: inputs.relayUrl,
      relayToken: inputs.relayToken,
      signal,
      link: {
        submissionId: outcome.submissionId!,
        repository: `${context.owner}/${context.repo}`,
        sha: context.sha,
        pullRequest: context.pullRequest?.number,
        context: inputs.checkName,
        assetCount: outcome.uploaded.length,
        failOn: inputs.failOn,
      },
    });
    core.info(
      `Registered submission ${outcome.submissionId} with the relay; it will finish the "${inputs.checkName}" status.`,
    );
  } catch (error) {
    // A pending status nobody will finish is worse than an error status: close it now.
    await github.rest.repos
      .createCommitStatus({
        owner: context.owner,
        repo: context.repo,
        sha: context.sha,
        state: "error",
        context: inputs.checkName,
        description: "Could not hand the review to the relay; re-run the job.",
        request: { signal },
      })
      .catch(() => {});
    throw error;
  }
}
