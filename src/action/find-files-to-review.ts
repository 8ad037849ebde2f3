import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { ReviewFile, SkippedFile } from "../pipeline/index.ts";
import { findCaseMismatches } from "./find-case-mismatches.ts";
import type { GithubClient } from "./github/create-github-client.ts";
import { fetchPullRequestFiles } from "./github/fetch-pull-request-files.ts";
import { type ChangedFiles, listChangedFiles } from "./github/list-changed-files.ts";
import type { GithubContext } from "./github/read-github-context.ts";
import { selectFiles } from "./select-files.ts";

/** The files of a run: what to review, what was left out already, and the event's change list. */
export interface FilesToReview {
  readonly files: ReviewFile[];
  readonly skipped: SkippedFile[];
  /** Null when the event has no change list (every matching file is reviewed). */
  readonly changed: ChangedFiles | null;
  /** Changed files of a supported type the patterns miss only by case: the run warns of them. */
  readonly caseMismatches: string[];
}

/**
 * The files the event asks to review: the changed files (or, without a change list, every file)
 * that match the patterns. On `pull_request_target` the workspace holds the base branch, so the
 * head's files are read as data from Git objects, never checked out. Every file is one the tool
 * found, not one a user named (see `ReviewFile.discovered`).
 */
export async function findFilesToReview(options: {
  github: GithubClient | undefined;
  context: GithubContext;
  patterns: readonly string[];
  /** Where the head's files of a `pull_request_target` go. */
  tempDir: string | undefined;
  runId: string;
  signal: AbortSignal;
}): Promise<FilesToReview> {
  const { github, context, patterns, signal } = options;
  const changed = github === undefined ? null : await listChangedFiles(github, context, signal);
  const caseMismatches =
    changed === null ? [] : findCaseMismatches(changed.paths, patterns, context.workspace);
  if (context.eventName === "pull_request_target" && changed !== null && github !== undefined) {
    const head = await fetchPullRequestFiles(github, context, {
      paths: changed.paths,
      patterns,
      dir: join(options.tempDir || tmpdir(), `content-review-pr-head-${options.runId}`),
      signal,
    });
    return { files: head.files, skipped: head.skipped, changed, caseMismatches };
  }
  const selected = await selectFiles({
    workspace: context.workspace,
    patterns,
    changed: changed?.paths ?? null,
  });
  return {
    files: selected.files,
    skipped: selected.throughSymlink.map((p) => ({
      file: { path: resolve(context.workspace, p), displayPath: p, discovered: true },
      reason: "symlink" as const,
      message: `${p} is reached through a symbolic link; links are never followed.`,
    })),
    changed,
    caseMismatches,
  };
}
