import type { FailOn } from "../../../policy/index.ts";
import { checkAll } from "../../check-all.ts";
import { CliUsageError } from "../../cli-usage-error.ts";

/** Report formats of `review --format`. */
export const REVIEW_FORMATS = Object.freeze([
  "text",
  "json",
  "markdown",
  "sarif",
  "junit",
] as const);

/** A report format of `review --format`. */
export type ReviewFormat = (typeof REVIEW_FORMATS)[number];

/** The options `review` takes, as commander parses them. */
export interface ReviewOptions {
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

/** What `review` will do, decided from its options before any file is read. */
export interface ReviewPlan {
  /** The report's format: `--json` alone means the JSON report. */
  readonly format: ReviewFormat;
  /** The file the report goes to, or null for stdout. */
  readonly output: string | null;
  /** The incremental review's state file, or null. */
  readonly state: string | null;
  /** False with `--no-incremental`: every file is reviewed again, the state still written. */
  readonly reuse: boolean;
  /** The pipeline's settings, in its units (milliseconds, seconds). */
  readonly pipeline: {
    readonly failOn: FailOn;
    readonly maxCredits: number | undefined;
    readonly wait: boolean;
    readonly timeoutMs: number;
    readonly retryFailed: number;
    readonly uploadConcurrency: number;
    readonly simulationDelaySeconds: number | undefined;
    readonly poll: { readonly initialIntervalMs: number };
  };
}

/** Where `review`'s report would go: `--json` and whether `--format` was given on the line. */
export interface ReviewOutputContext {
  readonly json: boolean;
  readonly formatGiven: boolean;
}

/** `--json` with an explicit `--format` other than json and no `--output`: two reports for stdout. */
function refuseTwoStdoutReports(options: ReviewOptions, context: ReviewOutputContext): void {
  if (!context.json || options.output || options.format === "json") return;
  if (!context.formatGiven) return;
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
 * Decides `review` from its options alone, every contradiction among them named at once (two
 * reports for stdout, a state file without the results to record).
 */
export function planReview(options: ReviewOptions, context: ReviewOutputContext): ReviewPlan {
  checkAll([
    () => refuseTwoStdoutReports(options, context),
    () => refuseStateWithoutWait(options),
  ] as const);
  return {
    format: context.json && !options.output ? "json" : options.format,
    output: options.output || null,
    state: options.state ?? null,
    reuse: options.incremental,
    pipeline: {
      failOn: options.failOn,
      maxCredits: options.maxCredits,
      wait: options.wait,
      timeoutMs: options.timeout * 1000,
      retryFailed: options.retryFailed,
      uploadConcurrency: options.concurrency,
      simulationDelaySeconds: options.simulationDelay,
      poll: { initialIntervalMs: options.pollInterval * 1000 },
    },
  };
}
