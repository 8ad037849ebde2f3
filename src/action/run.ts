import { tmpdir } from "node:os";
import { join } from "node:path";
import * as core from "@actions/core";
import { ContentReviewClient, proxyFromEnv, redact, userAgent } from "../api/index.ts";
import {
  outcomeWithoutReview,
  type ReviewOutcome,
  reuseSummary,
  runReviewPipeline,
} from "../pipeline/index.ts";
import { FAILING_CONCLUSIONS, formatSeverityCounts, plural } from "../policy/index.ts";
import { ActionInputError } from "./action-input-error.ts";
import { findFilesToReview } from "./find-files-to-review.ts";
import { startCheckRun } from "./github/check-run.ts";
import { createGithubClient, isPermissionError } from "./github/create-github-client.ts";
import { readGithubContext } from "./github/read-github-context.ts";
import { deriveRecordKey } from "./incremental/derive-record-key.ts";
import { prepareIncrementalReview } from "./incremental/prepare-incremental-review.ts";
import { overBudgetReason } from "./over-budget-reason.ts";
import { progressLog } from "./progress-log.ts";
import { isLoopbackUrl } from "./relay-handoff/is-loopback-url.ts";
import { type ReportTarget, reportOutcome } from "./report-outcome.ts";
import { resolveActionInputs } from "./resolve-action-inputs.ts";
import { commentAuthor } from "./review-comments/comment-author.ts";
import { deriveCommentKey } from "./review-comments/derive-comment-key.ts";

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
      await reportOutcome(
        { outcome: state.outcome, reportPath: state.reportPath, secrets: state.secrets },
        state.target,
      ).catch(() => {});
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
  mask(core.getInput("record-key").trim(), state);
  const context = readGithubContext(env);
  const report = (outcome: ReviewOutcome) => {
    state.outcome = outcome;
    return reportOutcome(
      { outcome, reportPath: state.reportPath, secrets: state.secrets },
      state.target,
    );
  };

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
    await report(outcomeWithoutReview({ status: "nothing-to-review", reason }));
    return;
  }

  const inputs = resolveActionInputs((name) => core.getInput(name));
  // Self-hosted runners behind a proxy: every client of the run goes through the same routes.
  const proxy = proxyFromEnv(env);
  if (proxy !== undefined) core.info(`Using the proxy settings ${proxy.description}.`);
  const client = new ContentReviewClient({
    apiKey: inputs.apiKey,
    baseUrl: inputs.baseUrl,
    baseUrlSetting: 'the "base-url" input',
    caller: "action",
    proxy,
  });
  // Signs the records this run writes and verifies those it reads, in this repository and
  // environment only (docs/action.md, threat model); the comments' markers likewise, under
  // another label.
  const scope = {
    repository: `${context.owner}/${context.repo}`,
    repositoryId: context.repositoryId,
    environment: client.environment,
  };
  const recordKey = deriveRecordKey(inputs.recordKey ?? inputs.apiKey, scope);
  const commentKey = deriveCommentKey(inputs.recordKey ?? inputs.apiKey, scope);
  const githubOptions = {
    token: inputs.githubToken,
    baseUrl: context.apiUrl,
    userAgent: userAgent("action"),
    log: (m: string) => core.info(redact(m, state.secrets)),
    fetch: proxy?.fetch,
    // GitHub.com and GHES want writes a second apart; a GitHub API on this machine's loopback
    // is a local recorder (`npm run try-action`, the tests), which has no such limit.
    spaceWrites: !isLoopbackUrl(context.apiUrl),
  };
  const github =
    inputs.githubToken === "" ? undefined : createGithubClient({ ...githubOptions, signal });
  if (
    github === undefined &&
    (context.pullRequest !== undefined ||
      context.push !== undefined ||
      context.mergeGroup !== undefined)
  ) {
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
    await report(outcomeWithoutReview({ status: "nothing-to-review", reason }));
    return;
  }

  // `comment: none` keeps the findings off the PR entirely: job summary and outputs only.
  const target: ReportTarget = {
    inputs,
    context,
    github,
    lastWordsGithub:
      github === undefined
        ? undefined
        : (deadline) =>
            createGithubClient({
              ...githubOptions,
              signal: deadline,
              retry: false,
              throttle: false,
            }),
    checkRunId: undefined,
    checksAllowed: github !== undefined && inputs.wait && inputs.comment !== "none",
    diffLines: new Map(),
    fetch: proxy?.fetch,
    record: null,
    recordKey,
    commentKey,
    commentAuthor: undefined,
  };
  state.target = target;
  // A failure or a cancellation from here on still concludes the check run (see run()).
  const found = await findFilesToReview({
    github,
    context,
    patterns: inputs.files,
    tempDir: env["RUNNER_TEMP"],
    runId: env["GITHUB_RUN_ID"] ?? String(process.pid),
    signal,
  });
  const { changed } = found;
  if (changed !== null) target.diffLines = changed.diffLines;
  const matching = found.files.length + found.skipped.length;
  core.info(
    changed === null
      ? `${plural(matching, "file")} ${matching === 1 ? "matches" : "match"} the patterns.`
      : `${plural(changed.paths.length, "changed file")}, ${matching} of them ${matching === 1 ? "matches" : "match"} the patterns.`,
  );
  if (changed?.fallback !== undefined) core.warning(changed.fallback);
  if (changed?.truncated === true)
    core.warning(
      `GitHub lists only the first ${context.pullRequest === undefined || changed.fallback !== undefined ? "300 files of a comparison" : "3000 files of a pull request"}: files past that limit are not reviewed. Split the change, or review everything with a workflow_dispatch run.`,
    );
  for (const skipped of found.skipped)
    core.warning(skipped.message, { file: skipped.file.displayPath });

  let appId: number | undefined;
  if (target.checksAllowed && github !== undefined) {
    try {
      const started = await startCheckRun(github, context, inputs.checkName);
      target.checkRunId = started.id;
      appId = started.appId;
      target.commentAuthor = commentAuthor({ slug: started.appSlug });
    } catch (error) {
      if (!isPermissionError(error)) throw error;
      target.checksAllowed = false;
      core.warning(
        'Cannot create a check run (the token lacks "checks: write"); the findings are in the job summary.',
      );
    }
  }

  const incremental = await prepareIncrementalReview({
    github,
    context,
    inputs,
    files: found.files,
    checksAllowed: target.checksAllowed,
    ownCheckRunId: target.checkRunId,
    appId,
    recordKey,
    signal,
    info: (m) => core.info(m),
    warning: (m) => core.warning(m),
  });
  // Should the run end before the review, its check run keeps the record it found.
  target.record = incremental.previous;

  const outcome = await runReviewPipeline({
    client,
    files: incremental.files,
    sidekickIds: inputs.sidekickIds,
    failOn: inputs.failOn,
    maxCredits: inputs.maxCredits,
    wait: inputs.wait,
    timeoutMs: inputs.timeoutMinutes * 60_000,
    retryFailed: inputs.retryFailed,
    uploadConcurrency: inputs.uploadConcurrency,
    signal,
    events: {
      ...progressLog({
        info: (m) => core.info(m),
        warning: (m, file) => core.warning(m, file === undefined ? undefined : { file }),
      }),
      // One warning for all the files a sandbox key cannot review (part 4.14 rule 1).
      onSandboxUnmarked: ({ message }) => core.warning(message),
    },
    incremental: incremental.incremental,
  });
  if (outcome.record !== null) target.record = outcome.record;
  const reuse = reuseSummary(outcome.assets);
  if (reuse.count > 0) core.info(`Incremental review: ${reuse.text}.`);
  const final: ReviewOutcome = {
    ...outcome,
    reason: outcome.status === "budget-exceeded" ? overBudgetReason(outcome) : outcome.reason,
    skipped: [...found.skipped, ...outcome.skipped],
  };
  core.info(
    `${final.reason} ${final.status === "completed" ? formatSeverityCounts(final.counts) : ""}`.trim(),
  );
  const problem = await report(final);
  if (problem !== undefined) core.setFailed(problem);
  else if (FAILING_CONCLUSIONS.has(final.conclusion)) core.setFailed(final.reason);
}
