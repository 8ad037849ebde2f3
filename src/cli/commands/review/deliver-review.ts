import { resolve } from "node:path";
import type { ReviewOutcome } from "../../../pipeline/index.ts";
import type { CommandContext } from "../../command-context.ts";
import type { Session } from "../../create-session.ts";
import { EXIT_CODES, type ExitCode } from "../../exit-codes.ts";
import { reportUnmatched } from "../../review-acceptance.ts";
import { reviewExitCode } from "../../review-exit-code.ts";
import { writeReviewState } from "../../review-state-file.ts";
import { StateFileError } from "../../state-file-error.ts";
import { reviewErrorLine } from "../../views/format-review.ts";
import { writeOutputFile } from "../../write-output-file.ts";
import type { ReviewPlan } from "./plan-review.ts";
import { renderReview, textReport, writeChunks } from "./render-review.ts";

/** Writes the report to `--output` (a text summary to stdout), or to stdout. */
async function writeReport(
  outcome: ReviewOutcome,
  plan: ReviewPlan,
  session: Session,
  ctx: CommandContext,
): Promise<void> {
  const { stdout } = ctx.io;
  if (plan.output === null) {
    writeChunks(stdout, renderReview(outcome, plan.format, session));
    return;
  }
  try {
    await writeOutputFile(ctx.io.cwd, plan.output, renderReview(outcome, plan.format, session));
  } catch (error) {
    // The review ran (and was charged): its summary still goes out before the error.
    stdout.write(textReport(outcome, session));
    throw error;
  }
  if (session.json) writeChunks(stdout, renderReview(outcome, "json", session));
  else
    stdout.write(
      `${textReport(outcome, session)}Wrote the ${plan.format} report to ${plan.output}.\n`,
    );
}

/**
 * After the pipeline: the state file, the warnings, the report, the error line, and the exit
 * code (a verdict that fails the gate wins over a lost state file, which otherwise is thrown).
 */
export async function deliverReview(
  outcome: ReviewOutcome,
  unmarked: string | undefined,
  plan: ReviewPlan,
  session: Session,
  ctx: CommandContext,
): Promise<ExitCode> {
  const { stderr } = ctx.io;
  session.progress.stop();
  reportUnmatched(outcome.acceptance, stderr);
  // The state goes to disk before any output, which a closed pipe could cut short.
  let stateError: StateFileError | undefined;
  const state = plan.state;
  if (state !== null && outcome.record !== null) {
    await writeReviewState(resolve(ctx.io.cwd, state), ctx.io.cwd, outcome.record).catch(
      (error: unknown) => {
        stateError = new StateFileError(state, { cause: error });
      },
    );
  }
  // Found files without a sandbox marker are skipped with a warning; named ones still fail.
  if (unmarked !== undefined && outcome.status !== "nothing-to-review")
    stderr.write(`content-review: warning: ${unmarked}\n`);
  await writeReport(outcome, plan, session, ctx);
  // The reason says what happened and what to do; stderr keeps it visible in any format.
  const error = reviewErrorLine(outcome);
  if (error !== null) stderr.write(error);
  const verdict = reviewExitCode(outcome);
  if (stateError === undefined) return verdict;
  if (verdict !== EXIT_CODES.ok) {
    stderr.write(`content-review: ${stateError.message}\n`);
    return verdict;
  }
  throw stateError;
}
