import { resolve } from "node:path";
import { type Command, Option } from "commander";
import {
  hasSandboxMarker,
  PACKAGE_NAME,
  PACKAGE_VERSION,
  SANDBOX_MARKERS,
} from "../../api/index.ts";
import {
  identifyFiles,
  identifyVersions,
  REVIEW_DEFAULTS,
  type ReviewOutcome,
  type ReviewRecord,
  runReviewPipeline,
} from "../../pipeline/index.ts";
import { DEFAULT_FAIL_ON, FAIL_ON_VALUES, type FailOn, plural } from "../../policy/index.ts";
import {
  describeReuse,
  prettyJsonChunks,
  renderJsonReport,
  renderJunit,
  renderMarkdownReport,
  renderSarif,
} from "../../report/index.ts";
import { checkAll, checkAllAsync } from "../check-all.ts";
import type { OutputStream } from "../cli-io.ts";
import { CliUsageError } from "../cli-usage-error.ts";
import { type CommandContext, withExamples } from "../command-context.ts";
import type { ProgressTask } from "../create-progress.ts";
import { requireSandbox, type Session } from "../create-session.ts";
import { EXIT_CODES } from "../exit-codes.ts";
import { expandPaths, type FoundFile } from "../expand-paths.ts";
import { intInRange, parseCredits } from "../option-parsers.ts";
import { addAcceptedOption, readCliAcceptance, reportUnmatched } from "../review-acceptance.ts";
import { reviewExitCode } from "../review-exit-code.ts";
import { readPreviousState, writeReviewState } from "../review-state-file.ts";
import { addSidekickOption, addWaitOptions, resolveSidekicks } from "../shared-options.ts";
import { StateFileError } from "../state-file-error.ts";
import { formatReview, reviewErrorLine } from "../views/format-review.ts";
import { finishedAssets } from "../wait-with-progress.ts";
import { checkOutputFile, writeOutputFile } from "../write-output-file.ts";

/** Report formats of `review --format`. */
export const REVIEW_FORMATS = Object.freeze([
  "text",
  "json",
  "markdown",
  "sarif",
  "junit",
] as const);

type ReviewFormat = (typeof REVIEW_FORMATS)[number];

interface ReviewOptions {
  readonly sidekick?: string[];
  readonly failOn: FailOn;
  readonly maxCredits?: number;
  readonly wait: boolean;
  readonly format: ReviewFormat;
  readonly output?: string;
  readonly retryFailed: number;
  readonly concurrency: number;
  readonly simulationDelay?: number;
  readonly timeout: number;
  readonly pollInterval: number;
  readonly state?: string;
  readonly incremental: boolean;
  readonly accepted?: string;
}

const TOOL = { name: PACKAGE_NAME, version: PACKAGE_VERSION };

/**
 * Renders the outcome in one of the shared report formats (src/report), in chunks: JSON and
 * SARIF of thousands of files are never one string in memory.
 */
export function renderReview(
  outcome: ReviewOutcome,
  format: ReviewFormat,
  session: Session,
): Iterable<string> {
  switch (format) {
    case "json":
      return prettyJsonChunks(renderJsonReport(outcome, TOOL));
    case "markdown":
      return [renderMarkdownReport(outcome, { chart: true })];
    case "sarif":
      return prettyJsonChunks(
        renderSarif(outcome, { toolName: "content-review", toolVersion: PACKAGE_VERSION }),
      );
    case "junit":
      return [renderJunit(outcome)];
    case "text":
      return [textReport(outcome, session)];
  }
}

function writeChunks(stream: OutputStream, chunks: Iterable<string>): void {
  for (const chunk of chunks) stream.write(chunk);
}

/** The text report, naming the service's address should it have been out of reach. */
function textReport(outcome: ReviewOutcome, session: Session): string {
  return formatReview(outcome, session.style, { baseUrl: session.config().baseUrl });
}

/** Progress of the pipeline: a bar (or lines) per upload, then one for the wait. */
function pipelineEvents(session: Session) {
  const uploads = new Map<string, ProgressTask>();
  let wait: ProgressTask | undefined;
  return {
    onUploadStart: (e: { file: { path: string; displayPath: string }; size: number }) =>
      uploads.set(
        e.file.path,
        session.progress.task(`upload ${e.file.displayPath}`, e.size, "bytes"),
      ),
    onUploadProgress: (e: { file: { path: string }; bytesSent: number }) =>
      uploads.get(e.file.path)?.update(e.bytesSent),
    // A finished upload's task goes: 3,000 files kept 3,000 sets of closures to the end.
    onUploadDone: (a: { file: { path: string } }) => {
      uploads.get(a.file.path)?.finish();
      uploads.delete(a.file.path);
    },
    onSandboxAsset: (a: { file: { displayPath: string } }) =>
      session.progress.line(
        `sandbox ${a.file.displayPath}: not uploaded (its name sets the outcome)`,
      ),
    // A skipped file is not a progress line: the report's Skipped section names it, once.
    onEstimate: (e: { totalCredits: number }) =>
      session.progress.line(`estimate: ${plural(e.totalCredits, "credit")}`),
    onSubmitted: (e: { submissionId: string; assetCount: number }) =>
      session.progress.line(`submitted ${plural(e.assetCount, "asset")} as ${e.submissionId}`),
    onPoll: (s: Parameters<typeof finishedAssets>[0]) => {
      wait ??= session.progress.task(`submission ${s.submissionId}`, s.assets.length, "assets");
      wait.update(finishedAssets(s), s.status);
      if (s.status === "complete" || s.status === "partial" || s.status === "failed") {
        wait.finish(s.status);
        wait = undefined;
      }
    },
    onRetry: (e: { round: number; assetIds: readonly string[] }) =>
      session.progress.line(
        `retry round ${e.round}: re-running ${plural(e.assetIds.length, "failed asset")}`,
      ),
    onReused: (a: ReviewOutcome["assets"][number]) =>
      session.progress.line(
        `reused ${a.file.displayPath}: ${a.reused === null ? "unchanged" : describeReuse(a.reused)}`,
      ),
    onReuseRejected: (e: { message: string }) => session.progress.line(e.message),
  };
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

/** A date-time to the second: what a CLI run names itself in the state file's entries. */
function runTime(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, "Z");
}

/** `--json` with an explicit `--format` other than json and no `--output`: two reports for stdout. */
function refuseTwoStdoutReports(options: ReviewOptions, cmd: Command, session: Session): void {
  if (!session.json || options.output || options.format === "json") return;
  if (cmd.getOptionValueSource("format") !== "cli") return;
  throw new CliUsageError(
    `--json and --format ${options.format} both ask for the report on stdout: drop one, or add --output FILE for the ${options.format} report (the JSON then goes to stdout).`,
    { input: "--format" },
  );
}

/** `--state` records the results of a review that waits for them. */
function refuseStateWithoutWait(options: ReviewOptions): void {
  if (options.state !== undefined && !options.wait) {
    throw new CliUsageError(
      "--state needs the review's results to record them: drop --no-wait, or --state.",
      { input: "--state" },
    );
  }
}

/**
 * Everything a review checks before its first request, each problem found at once: the
 * settings (sidekicks, key, base URL, flags that contradict each other) in one message, then
 * the paths to review, then the files it will write (`--output`, `--state`), whose failure
 * after a charged review would lose its report. Returns what the pipeline starts from.
 */
async function prepareReview(
  paths: readonly string[],
  options: ReviewOptions,
  cmd: Command,
  session: Session,
  ctx: CommandContext,
): Promise<{ sidekickIds: string[]; found: FoundFile[]; previous: ReviewRecord | null }> {
  const [sidekickIds, config] = checkAll([
    () => resolveSidekicks(options.sidekick, ctx.io.env),
    () => session.config(),
    () => refuseTwoStdoutReports(options, cmd, session),
    () => refuseStateWithoutWait(options),
  ] as const);
  if (options.simulationDelay !== undefined) requireSandbox(session, "--simulation-delay");
  const found = await expandPaths(paths, ctx.io.cwd);
  if (config.environment === "sandbox") refuseUnmarkedNamedFiles(found);
  const reviewed = found.map((file) => file.path);
  const consequence = "Nothing was uploaded or submitted.";
  await checkAllAsync([
    async () => {
      if (options.output)
        await checkOutputFile(ctx.io.cwd, options.output, { consequence, reviewed });
    },
    async () => {
      if (options.state) {
        await checkOutputFile(ctx.io.cwd, options.state, {
          input: "--state",
          consequence,
          reviewed,
        });
      }
    },
  ]);
  return {
    sidekickIds,
    found,
    previous: await readPreviousState(options.state, ctx.io.cwd, ctx.io.stderr),
  };
}

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
        .default(DEFAULT_FAIL_ON),
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
      const { sidekickIds, found, previous } = await prepareReview(
        paths,
        options,
        cmd,
        session,
        ctx,
      );
      const state = options.state;
      const { signal, cwd, stderr } = ctx.io;
      const accepted = await readCliAcceptance(options.accepted, cwd, new Date(), stderr);
      // Each file's version (its Git blob sha, as in the Action) binds accepted findings to it.
      const files = await identifyVersions(
        state === undefined ? found : await identifyFiles(found, "sha256", { signal }),
        { signal },
      );
      let unmarked: string | undefined;
      const outcome = await runReviewPipeline({
        client: session.client(),
        files,
        sidekickIds,
        failOn: options.failOn,
        maxCredits: options.maxCredits,
        wait: options.wait,
        timeoutMs: options.timeout * 1000,
        retryFailed: options.retryFailed,
        uploadConcurrency: options.concurrency,
        simulationDelaySeconds: options.simulationDelay,
        poll: { initialIntervalMs: options.pollInterval * 1000 },
        events: {
          ...pipelineEvents(session),
          onSandboxUnmarked: (e) => {
            unmarked = e.message;
          },
          onRecordIgnored: (e) => ctx.io.stderr.write(`content-review: warning: ${e.message}\n`),
        },
        signal: ctx.io.signal,
        accepted,
        incremental:
          state === undefined
            ? undefined
            : {
                previous,
                identity: "sha256",
                reviewedIn: runTime(),
                reuse: options.incremental,
              },
      });
      session.progress.stop();
      reportUnmatched(outcome.acceptance, stderr);
      // The state goes to disk before any output, which a closed pipe could cut short.
      let stateError: StateFileError | undefined;
      if (state !== undefined && outcome.record !== null) {
        await writeReviewState(resolve(ctx.io.cwd, state), ctx.io.cwd, outcome.record).catch(
          (error: unknown) => {
            stateError = new StateFileError(state, { cause: error });
          },
        );
      }
      // Found files without a sandbox marker are skipped with a warning; named ones still fail.
      if (unmarked !== undefined && outcome.status !== "nothing-to-review")
        ctx.io.stderr.write(`content-review: warning: ${unmarked}\n`);
      // --json alone means the JSON report on stdout.
      const format: ReviewFormat = session.json && !options.output ? "json" : options.format;
      if (options.output) {
        try {
          await writeOutputFile(ctx.io.cwd, options.output, renderReview(outcome, format, session));
        } catch (error) {
          // The review ran (and was charged): its summary still goes out before the error.
          ctx.io.stdout.write(textReport(outcome, session));
          throw error;
        }
        if (session.json) writeChunks(ctx.io.stdout, renderReview(outcome, "json", session));
        else
          ctx.io.stdout.write(
            `${textReport(outcome, session)}Wrote the ${format} report to ${options.output}.\n`,
          );
      } else {
        writeChunks(ctx.io.stdout, renderReview(outcome, format, session));
      }
      // The reason says what happened and what to do; stderr keeps it visible in any format.
      const error = reviewErrorLine(outcome);
      if (error !== null) ctx.io.stderr.write(error);
      const verdict = reviewExitCode(outcome);
      if (stateError === undefined) return verdict;
      // A verdict that fails the gate (findings, a failed asset) wins over the lost state file.
      if (verdict !== EXIT_CODES.ok) {
        ctx.io.stderr.write(`content-review: ${stateError.message}\n`);
        return verdict;
      }
      throw stateError;
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
