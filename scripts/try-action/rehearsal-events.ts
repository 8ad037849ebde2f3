import { open, stat } from "node:fs/promises";
import { join } from "node:path";
import { pullRequestEvent } from "./run-action-as-runner.ts";

/**
 * The events a rehearsal can end on. `merge_group` and `push` first run the pull request, as on
 * GitHub, then the queue entry or the push after the merge: each reuses the pull request's record.
 */
export const REHEARSAL_EVENTS = Object.freeze(["pull_request", "merge_group", "push"] as const);
export type RehearsalEvent = (typeof REHEARSAL_EVENTS)[number];

/** One run of the Action in a rehearsal: the event a runner would hand it, and what it is. */
export interface RehearsalStep {
  readonly eventName: RehearsalEvent;
  readonly event: unknown;
  /** The commit the run reports on (`GITHUB_SHA`). */
  readonly sha: string;
  /** What the step rehearses, for the digest. */
  readonly label: string;
}

/** What the service recorded (`GET /_emulator/ledger`). */
export interface Ledger {
  readonly uploads: number;
  readonly submissions: number;
  readonly creditsCharged: number;
}

/** Files past this size are committed as a stand-in binary: the Action reads the workspace. */
const TEXT_LIMIT = 1024 * 1024;

async function post<T>(githubApiUrl: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${githubApiUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`The emulator's GitHub refused POST ${path}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A file's content for the emulator's Git history: its text when it is UTF-8 of at most 1 MiB,
 * else a stand-in holding a NUL byte, which GitHub (and the stand-in) list as a binary file
 * without a patch. The Action never reads it: it reviews the bytes in the workspace.
 */
async function committedContent(path: string): Promise<string> {
  const { size } = await stat(path);
  const binary = `\0binary file of ${size} bytes`;
  if (size > TEXT_LIMIT) return binary;
  const handle = await open(path);
  try {
    const bytes = await handle.readFile();
    const text = bytes.toString("utf8");
    return bytes.includes(0) || !Buffer.from(text, "utf8").equals(bytes) ? binary : text;
  } finally {
    await handle.close();
  }
}

/**
 * Opens pull request `number` in the emulator's GitHub: an empty `main`, and a head commit on it
 * adding `files` (paths relative to `workspace`). Returns the pull request run's step.
 */
export async function openRehearsalPullRequest(options: {
  githubApiUrl: string;
  repository: string;
  number: number;
  workspace: string;
  files: readonly string[];
}): Promise<RehearsalStep> {
  const { githubApiUrl, repository, number } = options;
  const contents: Record<string, string> = {};
  for (const file of options.files)
    contents[file] = await committedContent(join(options.workspace, file));
  const base = await post<{ sha: string }>(githubApiUrl, "/commits", {
    branch: "main",
    files: {},
    message: "Initial commit",
  });
  const head = await post<{ sha: string }>(githubApiUrl, "/commits", {
    parents: [base.sha],
    files: contents,
    message: "Add the files under review",
  });
  await post(githubApiUrl, "/pulls", { repository, number, head: head.sha });
  return {
    eventName: "pull_request",
    event: pullRequestEvent({ repository, number, headSha: head.sha, baseSha: base.sha }),
    sha: head.sha,
    label: `pull request #${number}`,
  };
}

/**
 * The step after the pull request's run: its queue entry (`merge_group`: a queue commit on
 * `main`), or the push to `main` after a squash merge (`push`).
 */
export async function nextRehearsalStep(options: {
  githubApiUrl: string;
  repository: string;
  number: number;
  eventName: Exclude<RehearsalEvent, "pull_request">;
}): Promise<RehearsalStep> {
  const { githubApiUrl, repository, number } = options;
  if (options.eventName === "merge_group") {
    const queued = await post<{ group: { head_sha: string }; event: unknown }>(
      githubApiUrl,
      "/merge-groups",
      { repository, number },
    );
    return {
      eventName: "merge_group",
      event: queued.event,
      sha: queued.group.head_sha,
      label: `the merge queue entry of pull request #${number}`,
    };
  }
  const merged = await post<{ after: string; event: unknown }>(
    githubApiUrl,
    `/pulls/${number}/merge`,
    { repository, method: "squash" },
  );
  return {
    eventName: "push",
    event: merged.event,
    sha: merged.after,
    label: `the push to main after pull request #${number} was merged`,
  };
}

/** What the emulated service has recorded so far. */
export async function readLedger(baseUrl: string): Promise<Ledger> {
  const res = await fetch(`${baseUrl}/_emulator/ledger`);
  if (!res.ok) throw new Error(`GET /_emulator/ledger answered ${res.status}`);
  return (await res.json()) as Ledger;
}

/** What the service recorded between two ledgers, as a digest line says it. */
export function spentBetween(before: Ledger, after: Ledger): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  return [
    count(after.uploads - before.uploads, "upload"),
    count(after.submissions - before.submissions, "submission"),
    `${count(after.creditsCharged - before.creditsCharged, "credit")} charged`,
  ].join(", ");
}
