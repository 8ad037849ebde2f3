import { Command, Option } from "commander";
import { PACKAGE_VERSION } from "../api/index.ts";
import { type CommandContext, withExamples } from "./command-context.ts";
import { registerInsightsCommand } from "./commands/insights/register-insights-command.ts";
import { registerAssetsCommand } from "./commands/register-assets-command.ts";
import { registerEstimateCommand } from "./commands/register-estimate-command.ts";
import { registerResultCommands } from "./commands/register-result-commands.ts";
import { registerSandboxCommand } from "./commands/register-sandbox-command.ts";
import { registerUploadCommand } from "./commands/register-upload-command.ts";
import { registerReviewCommand } from "./commands/review/register-review-command.ts";
import { registerRetryCommand } from "./commands/submissions/register-retry-command.ts";
import { registerStatusCommand } from "./commands/submissions/register-status-command.ts";
import { registerSubmitCommand } from "./commands/submissions/register-submit-command.ts";
import { registerWebhooksCommand } from "./commands/webhooks/register-webhooks-command.ts";
import { colorEnabled } from "./create-style.ts";
import { EXIT_CODES_HELP } from "./exit-codes.ts";
import { intInRange } from "./option-parsers.ts";

/**
 * The command tree. Settings made here before any `command()` call (output, exit override,
 * help after errors) are inherited by every subcommand.
 */
export function createProgram(ctx: CommandContext): Command {
  const { io } = ctx;
  const program = new Command("content-review")
    .description(
      "Content Review Service from the command line: review files, read results, manage webhooks and insights.",
    )
    .version(PACKAGE_VERSION, "-V, --version")
    .option(
      "--api-key <key>",
      "workspace API key (default: $CONTENT_REVIEW_API_KEY; prefer the variable, flags show in process lists)",
    )
    .option("--base-url <url>", "service address (default: $CONTENT_REVIEW_BASE_URL)")
    .option("--json", "print results as JSON with stable field names")
    .option("--no-color", "no colour (also off when NO_COLOR is set or output is not a terminal)")
    .addOption(
      new Option("--progress <mode>", "progress display: bars on a terminal, plain lines otherwise")
        .choices(["auto", "bar", "plain", "none"])
        .default("auto"),
    )
    .option(
      "--max-attempts <n>",
      "attempts per request, the first included, on 429, 5xx and network failures",
      intInRange(1, 10),
      5,
    )
    .option("--debug", "show stack traces and every HTTP attempt (URLs without query strings)")
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander starts its usage errors with "error: "; every message of this CLI starts with
      // its name, so that a line in a CI log says which tool wrote it.
      outputError: (text, write) => write(text.replace(/^error: /, "content-review: ")),
      getOutHelpWidth: () => io.stdout.columns ?? 100,
      getErrHelpWidth: () => io.stderr.columns ?? 100,
      getOutHasColors: () => colorEnabled(io.stdout, io.env),
      getErrHasColors: () => colorEnabled(io.stderr, io.env),
    })
    .exitOverride()
    .showHelpAfterError("(run the command with --help for usage and examples)")
    .showSuggestionAfterError(true);

  registerReviewCommand(program, ctx);
  registerUploadCommand(program, ctx);
  registerEstimateCommand(program, ctx);
  registerSubmitCommand(program, ctx);
  registerStatusCommand(program, ctx);
  registerRetryCommand(program, ctx);
  registerResultCommands(program, ctx);
  registerAssetsCommand(program, ctx);
  registerWebhooksCommand(program, ctx);
  registerSandboxCommand(program, ctx);
  registerInsightsCommand(program, ctx);

  withExamples(program, [
    "export CONTENT_REVIEW_BASE_URL=https://review.example.com CONTENT_REVIEW_API_KEY=sk_live_...",
    "content-review review media/ --sidekick brand-safety --fail-on major",
    "content-review webhooks create --url https://relay.example.com/webhooks/content-review --secret-file relay-secret.txt",
    "content-review insights report --days 7 --format html --output insights.html",
  ]);
  program.addHelpText(
    "after",
    `\nConfiguration: CONTENT_REVIEW_API_KEY and CONTENT_REVIEW_BASE_URL (or --api-key / --base-url); CONTENT_REVIEW_SIDEKICKS for --sidekick; NO_COLOR. Every other setting is a flag: any other CONTENT_REVIEW_* variable (CONTENT_REVIEW_FAIL_ON) is not read, and each run warns about it. All settings are checked before the first request, every problem named at once.\n\n${EXIT_CODES_HELP}\n`,
  );
  return program;
}
