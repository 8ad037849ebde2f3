import { copyFile, rm, writeFile } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";
import { makeFolder } from "../../src/shared/index.ts";
import type { ActionRun } from "./run-action-as-runner.ts";

interface CheckRunRecord {
  name: string;
  status: string;
  conclusion: string | null;
  output: { title: string; summary: string } | null;
  annotations: { path: string; annotation_level: string; title?: string; message: string }[];
}

interface ReviewRecord {
  event: string;
  body: string;
  comments: { path: string; body: string; updates: number }[];
}

interface StatusRecord {
  sha: string;
  state: string;
  description: string | null;
  context: string;
}

/** What the Action posted, as the recording GitHub kept it. */
export interface Posted {
  readonly checkRuns: CheckRunRecord[];
  readonly reviews: ReviewRecord[];
  readonly statuses: StatusRecord[];
}

/** Reads what was posted from the emulator's recording GitHub (its `/_emulator/github` views). */
export async function readPosted(githubApiUrl: string): Promise<Posted> {
  const get = async <T>(view: string): Promise<T> => {
    const res = await fetch(`${githubApiUrl}/${view}`);
    if (!res.ok) throw new Error(`GET ${view} answered ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    checkRuns: await get<CheckRunRecord[]>("check-runs"),
    reviews: await get<ReviewRecord[]>("reviews"),
    statuses: await get<StatusRecord[]>("statuses"),
  };
}

/**
 * What a run posted: the records the recording GitHub kept past those it had before the run
 * (it keeps them in the order they came). A queue entry's or a push's run then shows its own
 * check run, not the pull request run's review before it.
 */
export function postedSince(before: Posted, after: Posted): Posted {
  return {
    checkRuns: after.checkRuns.slice(before.checkRuns.length),
    reviews: after.reviews.slice(before.reviews.length),
    statuses: after.statuses.slice(before.statuses.length),
  };
}

/** Copies the Action's report; its new path, or undefined when the Action wrote none. */
async function copyReport(from: string, to: string): Promise<string | undefined> {
  try {
    await copyFile(from, to);
    return to;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** `dir` relative to `from` when inside it, else absolute. */
function shownPath(from: string, dir: string): string {
  const rel = relative(from, dir);
  return rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? dir : rel;
}

function checkRunMarkdown(run: CheckRunRecord): string {
  const lines = [
    `# Check run "${run.name}": ${run.conclusion ?? run.status}`,
    "",
    `**${run.output?.title ?? "(no title)"}**`,
    "",
    run.output?.summary ?? "(no summary)",
    "",
    `## Annotations (${run.annotations.length})`,
    "",
    ...run.annotations.map(
      (a) => `- \`${a.path}\` (${a.annotation_level})${a.title ? ` ${a.title}` : ""}: ${a.message}`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}

function reviewMarkdown(reviews: readonly ReviewRecord[]): string {
  const parts = reviews.map((r) =>
    [
      `# PR review (${r.event})`,
      "",
      r.body,
      "",
      ...r.comments.flatMap((c) => [`## Comment on \`${c.path}\``, "", c.body, ""]),
    ].join("\n"),
  );
  return `${parts.join("\n---\n\n")}\n`;
}

/** Step outputs as `name=value` pairs, the runner's temporary report path left out. */
function outputPairs(outputs: Record<string, string>): string {
  return Object.entries(outputs)
    .filter(([name]) => name !== "report-path")
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
}

/** The digest's first line when a signal cancelled the run. */
function cancelledLine(
  signal: NodeJS.Signals,
  run: ActionRun,
  check: CheckRunRecord | undefined,
): string {
  return `Cancelled by ${signal}: the Action got SIGINT, as on a cancelled GitHub job, ${
    run.signal === null
      ? "and concluded the run."
      : check?.status === "completed"
        ? `and was stopped by ${run.signal} after its check run had concluded (${check.conclusion}).`
        : `and was stopped by ${run.signal} before it concluded.`
  }`;
}

/** Every file a rehearsal may write; the others in the folder are left alone. */
const REHEARSAL_FILES = [
  "check-run.md",
  "review.md",
  "job-summary.md",
  "outputs.json",
  "commit-statuses.json",
  "posted.json",
  "action.log",
  "report.json",
  "accepted.yml",
] as const;

/**
 * Writes the rehearsal to `outDir`: the check run (`check-run.md`), the PR review
 * (`review.md`), the job summary, the step outputs, the JSON report, the commit statuses when
 * there are any, `posted.json` (everything the recording GitHub kept) and the Action's log.
 * Returns the short digest to print.
 */
export async function writeRehearsal(options: {
  outDir: string;
  shownFrom: string;
  run: ActionRun;
  /** The Action's log as the runner shows it (secrets masked). */
  log: string;
  /** Everything the recording GitHub kept (`posted.json`). */
  posted: Posted;
  /** What it kept before this run: the digest, the check run and the review are this run's. */
  postedBefore?: Posted;
  /** The signal that cancelled the run (sent on to the Action as SIGINT), if one did. */
  cancelledBy?: NodeJS.Signals;
  /** What the service recorded during the run (uploads, submissions, credits). */
  spent?: string;
  /** The runs before this one in a lifecycle rehearsal (the pull request before its queue entry). */
  earlier?: readonly { label: string; run: ActionRun; spent: string }[];
  /** `--accept`: what it did and why, and the accepted file the last run read (`accepted.yml`). */
  acceptance?: { said: string; yaml?: string | undefined };
}): Promise<string> {
  const { outDir, run } = options;
  const everything = options.posted;
  const posted =
    options.postedBefore === undefined ? everything : postedSince(options.postedBefore, everything);
  await makeFolder(outDir);
  // A file of an earlier rehearsal that this one does not write would read as this run's.
  await Promise.all(REHEARSAL_FILES.map((name) => rm(join(outDir, name), { force: true })));
  const written: string[] = [];
  const write = async (name: string, text: string) => {
    await writeFile(join(outDir, name), text);
    written.push(name);
  };
  // The report lives in the runner's temporary folder, which goes when the rehearsal ends: the
  // outputs name its copy instead, so that `report-path` names a file that exists.
  const { "report-path": report, ...outputs } = run.outputs;
  const copied = report ? await copyReport(report, join(outDir, "report.json")) : undefined;
  const check = posted.checkRuns.at(-1);
  if (check) await write("check-run.md", checkRunMarkdown(check));
  if (posted.reviews.length > 0) await write("review.md", reviewMarkdown(posted.reviews));
  await write("job-summary.md", run.summary);
  const shownOutputs = copied === undefined ? outputs : { ...outputs, "report-path": copied };
  await write("outputs.json", `${JSON.stringify(shownOutputs, null, 2)}\n`);
  if (posted.statuses.length > 0) {
    await write("commit-statuses.json", `${JSON.stringify(posted.statuses, null, 2)}\n`);
  }
  await write("posted.json", `${JSON.stringify(everything, null, 2)}\n`);
  await write("action.log", options.log);
  if (options.acceptance?.yaml !== undefined) await write("accepted.yml", options.acceptance.yaml);
  if (copied !== undefined) written.push("report.json");

  const steps = run.code === 0 ? "the step passes" : "the step fails";
  const comments = posted.reviews.flatMap((r) => r.comments);
  const digest = [
    ...(options.cancelledBy ? [cancelledLine(options.cancelledBy, run, check)] : []),
    ...(options.earlier ?? []).map(
      (e) =>
        `First, ${e.label}: exit code ${e.run.code ?? e.run.signal}; outputs: ${outputPairs(e.run.outputs)}; the service recorded ${e.spent}`,
    ),
    ...(options.acceptance === undefined ? [] : [options.acceptance.said]),
    `Action exit code ${run.code ?? run.signal} (${steps}); outputs: ${outputPairs(outputs)}`,
    ...(options.spent === undefined ? [] : [`  the service recorded ${options.spent}`]),
    check
      ? `  check run "${check.name}": ${check.conclusion ?? check.status}, "${check.output?.title ?? ""}", ${check.annotations.length} annotation${check.annotations.length === 1 ? "" : "s"}`
      : "  check run: none was created",
    posted.reviews.length > 0
      ? `  PR review: ${posted.reviews.map((r) => r.event).join(", ")} with ${comments.length} file comment${comments.length === 1 ? "" : "s"} (${comments.map((c) => c.path).join(", ")})`
      : "  PR review: none was posted",
    ...posted.statuses.map(
      (s) => `  commit status "${s.context}": ${s.state}, "${s.description ?? ""}"`,
    ),
    `  job summary: ${run.summary.split("\n").filter(Boolean).length} lines`,
    `Wrote ${written.join(", ")} to ${shownPath(options.shownFrom, outDir)}/`,
  ];
  return `${digest.join("\n")}\n`;
}
