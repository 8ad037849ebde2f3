import { type Command, Option } from "commander";
import { REVIEW_DEFAULTS } from "../../../pipeline/index.ts";
import { FAIL_ON_VALUES } from "../../../policy/index.ts";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { intInRange, parseCredits } from "../../option-parsers.ts";
import { addAcceptedOption } from "../../review-acceptance.ts";
import { addSidekickOption, addWaitOptions } from "../../shared-options.ts";
import { deliverReview } from "./deliver-review.ts";
import { REVIEW_FORMATS, type ReviewOptions } from "./plan-review.ts";
import { prepareReview } from "./prepare-review.ts";
import { runReview } from "./run-review.ts";

/** `review <paths...>`: the whole shared pipeline, then a report and an exit code. */
export function registerReviewCommand(program: Command, ctx: CommandContext): void {
  const command = program
    .command("review")
    .description(
      "Review files end to end: upload, estimate, budget guard, submit, wait, retry, report",
    )
    .argument("<paths...>", "files, directories (every supported file inside) or globs");
  addSidekickOption(command);
  command
    .addOption(
      new Option("--fail-on <severity>", "exit 1 when an issue is at or above this severity")
        .choices(FAIL_ON_VALUES)
        .default(REVIEW_DEFAULTS.failOn),
    )
    .option(
      "--max-credits <n>",
      "exit 4 without submitting when the estimate is higher",
      parseCredits,
    )
    .option("--no-wait", "submit and exit without waiting for results (exit 0)")
    .addOption(
      new Option("--format <format>", "report format").choices(REVIEW_FORMATS).default("text"),
    )
    .option("--output <file>", "write the report here; a text summary still goes to stdout")
    .option(
      "--retry-failed <n>",
      "retry rounds for retryable failed assets",
      intInRange(0, REVIEW_DEFAULTS.maxRetryFailed),
      REVIEW_DEFAULTS.retryFailed,
    )
    .option(
      "--concurrency <n>",
      "uploads at once",
      intInRange(1, REVIEW_DEFAULTS.maxUploadConcurrency),
      REVIEW_DEFAULTS.uploadConcurrency,
    )
    .addOption(
      new Option(
        "--simulation-delay <seconds>",
        "sandbox only: delay the outcome (0 to 30)",
      ).argParser(intInRange(0, 30)),
    )
    .option(
      "--state <file>",
      "incremental review: files unchanged since a review recorded in this file are not reviewed (or charged) again; read when present, written after the run",
    )
    .option("--no-incremental", "with --state: review every file again, and still update the file");
  addAcceptedOption(command);
  addWaitOptions(command);
  command.action((paths: string[], options: ReviewOptions, cmd: Command) =>
    ctx.run(cmd, async (session) => {
      const prepared = await prepareReview(paths, options, cmd, session, ctx);
      const { outcome, unmarked } = await runReview(prepared, session, ctx, options.accepted);
      return deliverReview(outcome, unmarked, prepared.plan, session, ctx);
    }),
  );
  withExamples(command, [
    "content-review review media/ --sidekick brand-safety",
    "content-review review 'ads/**/*.mp4' --sidekick brand-safety --fail-on major --max-credits 500",
    "content-review review media/ --sidekick brand-safety --format junit --output content-review.xml",
    "content-review review media/ --sidekick brand-safety --format sarif --output content-review.sarif",
    "content-review review media/ --sidekick brand-safety --no-wait --json | jq -r .submissionId",
    "content-review review media/ --sidekick brand-safety --state .content-review-state.json",
    "content-review review media/ --sidekick brand-safety --accepted .content-review/accepted.yml",
  ]);
}
