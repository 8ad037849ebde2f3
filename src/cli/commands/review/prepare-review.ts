import type { Command } from "commander";
import { hasSandboxMarker, SANDBOX_MARKERS } from "../../../api/index.ts";
import type { ReviewRecord } from "../../../pipeline/index.ts";
import { checkAll, checkAllAsync } from "../../check-all.ts";
import { CliUsageError } from "../../cli-usage-error.ts";
import type { CommandContext } from "../../command-context.ts";
import { requireSandbox, type Session } from "../../create-session.ts";
import { expandPaths, type FoundFile } from "../../expand-paths.ts";
import { readPreviousState } from "../../review-state-file.ts";
import { resolveSidekicks } from "../../shared-options.ts";
import { checkOutputFile } from "../../write-output-file.ts";
import { planReview, type ReviewOptions, type ReviewPlan } from "./plan-review.ts";

/** What a review starts from once every check has passed. */
export interface PreparedReview {
  readonly plan: ReviewPlan;
  readonly sidekickIds: string[];
  readonly found: FoundFile[];
  readonly previous: ReviewRecord | null;
}

/**
 * In sandbox, a file named on the command line without a marker is a mistake in the command, not
 * a file to skip: the service would refuse the whole submission (part 4.14 rule 1). Say so
 * before anything is uploaded. Files found in a folder or by a glob are skipped with a warning.
 */
function refuseUnmarkedNamedFiles(files: readonly FoundFile[]): void {
  const named = files.filter((f) => !f.discovered && !hasSandboxMarker(f.displayPath));
  if (named.length === 0) return;
  const names = named.map((f) => f.displayPath).join(", ");
  throw new CliUsageError(
    `${names} ${named.length === 1 ? "has" : "have"} no sandbox marker in the name, and a sandbox key (sk_test_) reviews only files whose names contain one of ${SANDBOX_MARKERS.join(", ")}. Rename ${named.length === 1 ? "it" : "them"} to include a marker, leave ${named.length === 1 ? "it" : "them"} out, or use a live key. Nothing was uploaded or submitted.`,
    { input: named[0]!.displayPath },
  );
}

/**
 * Everything a review checks before its first request, each problem found at once: the
 * settings (sidekicks, key, base URL, flags that contradict each other) in one message, then
 * the paths to review, then the files it will write (`--output`, `--state`), whose failure
 * after a charged review would lose its report. Returns what the pipeline starts from.
 */
export async function prepareReview(
  paths: readonly string[],
  options: ReviewOptions,
  cmd: Command,
  session: Session,
  ctx: CommandContext,
): Promise<PreparedReview> {
  const context = { json: session.json, formatGiven: cmd.getOptionValueSource("format") === "cli" };
  const [sidekickIds, config, plan] = checkAll([
    () => resolveSidekicks(options.sidekick, ctx.io.env),
    () => session.config(),
    () => planReview(options, context),
  ] as const);
  if (options.simulationDelay !== undefined) requireSandbox(session, "--simulation-delay");
  const found = await expandPaths(paths, ctx.io.cwd);
  if (config.environment === "sandbox") refuseUnmarkedNamedFiles(found);
  const reviewed = found.map((file) => file.path);
  const consequence = "Nothing was uploaded or submitted.";
  await checkAllAsync([
    async () => {
      if (plan.output) await checkOutputFile(ctx.io.cwd, plan.output, { consequence, reviewed });
    },
    async () => {
      if (plan.state) {
        await checkOutputFile(ctx.io.cwd, plan.state, {
          input: "--state",
          consequence,
          reviewed,
        });
      }
    },
  ]);
  return {
    plan,
    sidekickIds,
    found,
    previous: await readPreviousState(options.state, ctx.io.cwd, ctx.io.stderr),
  };
}
