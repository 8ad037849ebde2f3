import { tmpdir } from "node:os";
import { join } from "node:path";
import * as core from "@actions/core";
import type { AcceptedFile } from "../acceptance/index.ts";
import { redact, userAgent } from "../api/index.ts";
import {
  identifyVersions,
  outcomeWithoutReview,
  type ReviewOutcome,
  reuseSummary,
  runReviewPipeline,
} from "../pipeline/index.ts";
import { FAILING_CONCLUSIONS, formatSeverityCounts, plural } from "../policy/index.ts";
import { describeError } from "../shared/index.ts";
import { announceAcceptanceProblems, announceUnmatched } from "./accepted/announce-acceptance.ts";
import { loadActionAcceptance } from "./accepted/load-action-acceptance.ts";
import { type FilesToReview, findFilesToReview } from "./find-files-to-review.ts";
import { startCheckRun } from "./github/check-run.ts";
import {
  createGithubClient,
  type GithubClient,
  isPermissionError,
} from "./github/create-github-client.ts";
import type { ChangedFiles } from "./github/list-changed-files.ts";
import { describeListing } from "./github/listing-policy.ts";
import {
  type IncrementalReview,
  prepareIncrementalReview,
} from "./incremental/prepare-incremental-review.ts";
import { overBudgetReason } from "./over-budget-reason.ts";
import { progressLog } from "./progress-log.ts";
import { isLoopbackUrl } from "./relay-handoff/is-loopback-url.ts";
import { type ReportPlan, reportOutcome } from "./report-outcome.ts";
import { type ResolvedRun, resolveRun } from "./resolve-run.ts";
import { commentAuthor } from "./review-comments/comment-author.ts";

/**
 * How a run ended: an outcome to report, or an error to report as one; with the report plan as
 * far as the run got (undefined before the inputs and the event were known, or for a skip).
 */
type Ending =
  | { readonly outcome: ReviewOutcome; readonly plan: ReportPlan | undefined }
  | { readonly error: unknown; readonly plan: ReportPlan | undefined };

/** The inputs that hold secrets: masked before anything else is read or logged. */
const SECRET_INPUTS = ["api-key", "relay-token", "github-token", "record-key"] as const;

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
  const secrets = Object.freeze(
    SECRET_INPUTS.map((name) => core.getInput(name).trim()).filter((value) => value !== ""),
  );
  for (const secret of secrets) core.setSecret(secret);
  const reportPath = join(
    env["RUNNER_TEMP"] || tmpdir(),
    `content-review-report-${env["GITHUB_RUN_ID"] ?? process.pid}.json`,
  );
  const failure = (error: unknown) =>
    controller.signal.aborted ? "The run was cancelled." : redact(describeError(error), secrets);
  try {
    const ending = await main(env, controller.signal, secrets).catch(
      (error: unknown): Ending => ({ error, plan: undefined }),
    );
    if ("error" in ending) {
      const outcome = outcomeWithoutReview({
        status: controller.signal.aborted ? "cancelled" : "error",
        reason: failure(ending.error),
        error: ending.error,
        secrets,
        ...(ending.plan === undefined ? {} : { failOn: ending.plan.inputs.failOn }),
      });
      await reportOutcome({ outcome, reportPath, secrets }, ending.plan).catch(() => {});
      core.setFailed(failure(ending.error));
      return;
    }
    const { outcome, plan } = ending;
    const problem = await reportOutcome({ outcome, reportPath, secrets }, plan);
    if (problem !== undefined) core.setFailed(problem);
    else if (FAILING_CONCLUSIONS.has(outcome.conclusion)) core.setFailed(outcome.reason);
  } catch (error) {
    core.setFailed(failure(error));
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/**
 * Resolves the run, then reviews: the files, the check run, the records, the pipeline. Each step
 * replaces the report plan with one that knows more, so that a failure or a cancellation from the
 * first step on still concludes the check run.
 */
async function main(
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
  secrets: readonly string[],
): Promise<Ending> {
  const resolved = resolveRun(env, (name) => core.getInput(name));
  if (resolved.proxy !== undefined)
    core.info(`Using the proxy settings ${resolved.proxy.description}.`);
  if (resolved.kind === "skip") {
    core.notice(resolved.reason);
    const outcome = outcomeWithoutReview({ status: "nothing-to-review", reason: resolved.reason });
    return { outcome, plan: undefined };
  }
  let plan = initialPlan(resolved, signal, secrets);
  try {
    const found = await findFiles(resolved, plan.github, env, signal);
    plan = Object.freeze({
      ...plan,
      diffLines: found.changed?.diffLines ?? plan.diffLines,
      listedBy: found.changed === null ? undefined : listedBy(found.changed),
    });
    const started = await startChecks(plan);
    plan = Object.freeze({ ...plan, ...started.plan });
    const incremental = await prepareIncrementalReview({
      github: plan.github,
      context: plan.context,
      inputs: plan.inputs,
      files: found.files,
      changedPaths: found.changed?.paths ?? null,
      checksAllowed: plan.checksAllowed,
      ownCheckRunId: plan.checkRunId,
      appId: started.appId,
      recordKey: plan.recordKey,
      signal,
      info: (m) => core.info(m),
      warning: (m) => core.warning(m),
    });
    // Should the run end before the review, its check run keeps the record it found.
    plan = Object.freeze({ ...plan, record: incremental.previous });
    const accepted = await loadActionAcceptance({
      github: plan.github,
      context: plan.context,
      path: plan.inputs.acceptedFile,
      now: new Date(),
      signal,
    });
    if (accepted.refusedLink !== undefined)
      core.error(accepted.note, { file: accepted.refusedLink });
    else if (accepted.unread) core.warning(accepted.note);
    else core.info(accepted.note);
    if (accepted.file !== undefined) announceAcceptanceProblems(accepted.file, core);
    plan = Object.freeze({ ...plan, acceptedWarning: accepted.warning });
    const outcome = await review(
      resolved,
      found,
      { ...incremental, accepted: accepted.file },
      signal,
    );
    // A review that kept no record leaves the one found.
    if (outcome.record !== null) plan = Object.freeze({ ...plan, record: outcome.record });
    return { outcome, plan };
  } catch (error) {
    return { error, plan };
  }
}

/** The report plan once the inputs and the event are known: no check run, diff or record yet. */
function initialPlan(
  run: ResolvedRun,
  signal: AbortSignal,
  secrets: readonly string[],
): ReportPlan {
  const { inputs, context, proxy } = run;
  const githubOptions = {
    token: inputs.githubToken,
    baseUrl: context.apiUrl,
    userAgent: userAgent("action"),
    log: (m: string) => core.info(redact(m, secrets)),
    fetch: proxy?.fetch,
    // GitHub.com and GHES want writes a second apart; a GitHub API on this machine's loopback
    // is a local recorder (`npm run try-action`, the tests), which has no such limit.
    spaceWrites: !isLoopbackUrl(context.apiUrl),
  };
  const github: GithubClient | undefined =
    inputs.githubToken === "" ? undefined : createGithubClient({ ...githubOptions, signal });
  return Object.freeze({
    inputs,
    context,
    github,
    lastWordsGithub:
      github === undefined
        ? undefined
        : (deadline: AbortSignal) =>
            createGithubClient({
              ...githubOptions,
              signal: deadline,
              retry: false,
              throttle: false,
            }),
    checkRunId: undefined,
    // `comment: none` keeps the findings off the PR entirely: job summary and outputs only.
    checksAllowed: github !== undefined && inputs.wait && inputs.comment !== "none",
    diffLines: new Map(),
    fetch: proxy?.fetch,
    record: null,
    recordKey: run.recordKey,
    commentKey: run.commentKey,
    commentAuthor: undefined,
    listedBy: undefined,
    acceptedWarning: undefined,
  });
}

/** Which source listed the changed files, for the log and the job summary. */
function listedBy(changed: ChangedFiles): string {
  return describeListing(changed.source, changed.cutShort, changed.paths.length);
}
/** The files of the event that match the patterns, with what the log says about them. */
async function findFiles(
  run: ResolvedRun,
  github: GithubClient | undefined,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<FilesToReview> {
  const { context, inputs } = run;
  const found = await findFilesToReview({
    github,
    context,
    patterns: inputs.files,
    tempDir: env["RUNNER_TEMP"],
    runId: env["GITHUB_RUN_ID"] ?? String(process.pid),
    signal,
  });
  const { changed } = found;
  const matching = found.files.length + found.skipped.length;
  const matches = matching === 1 ? "matches" : "match";
  core.info(
    changed === null
      ? `${plural(matching, "file")} ${matches} the patterns.`
      : `${plural(changed.paths.length, "changed file")}, ${matching} of them ${matches} the patterns.`,
  );
  if (changed?.fallback !== undefined) core.warning(changed.fallback);
  if (changed !== null) core.info(listedBy(changed));
  for (const skipped of found.skipped)
    core.warning(skipped.message, { file: skipped.file.displayPath });
  for (const path of found.caseMismatches)
    core.warning(
      `${path} is of a supported type but matches no pattern of files, which match case exactly; add a pattern in its case (or leave files unset: the default takes any case) to review it.`,
      { file: path },
    );
  return found;
}

/** Starts the check run when the plan allows one; a token without `checks: write` only warns. */
async function startChecks(plan: ReportPlan): Promise<{
  plan: Partial<Pick<ReportPlan, "checkRunId" | "checksAllowed" | "commentAuthor">>;
  appId: number | undefined;
}> {
  if (!plan.checksAllowed || plan.github === undefined) return { plan: {}, appId: undefined };
  try {
    const started = await startCheckRun(plan.github, plan.context, plan.inputs.checkName);
    return {
      plan: {
        checkRunId: started.id,
        checksAllowed: true,
        commentAuthor: commentAuthor({ slug: started.appSlug }),
      },
      appId: started.appId,
    };
  } catch (error) {
    if (!isPermissionError(error)) throw error;
    core.warning(
      'Cannot create a check run (the token lacks "checks: write"); the findings are in the job summary.',
    );
    return {
      plan: { checkRunId: undefined, checksAllowed: false, commentAuthor: undefined },
      appId: undefined,
    };
  }
}

/** Runs the shared pipeline on the files left after the records, and words its outcome. */
async function review(
  run: ResolvedRun,
  found: FilesToReview,
  incremental: IncrementalReview & { accepted: AcceptedFile | undefined },
  signal: AbortSignal,
): Promise<ReviewOutcome> {
  const { inputs, client } = run;
  const outcome = await runReviewPipeline({
    client,
    // Each file's version (Git blob sha) binds the accepted file's entries to it (issue 32).
    files: await identifyVersions(incremental.files, { signal }),
    accepted: incremental.accepted,
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
  const reuse = reuseSummary(outcome.assets);
  if (reuse.count > 0) core.info(`Incremental review: ${reuse.text}.`);
  announceUnmatched(outcome.acceptance, core);
  const final: ReviewOutcome = {
    ...outcome,
    reason: outcome.status === "budget-exceeded" ? overBudgetReason(outcome) : outcome.reason,
    skipped: [...found.skipped, ...outcome.skipped],
  };
  core.info(
    `${final.reason} ${final.status === "completed" ? formatSeverityCounts(final.counts) : ""}`.trim(),
  );
  return final;
}
