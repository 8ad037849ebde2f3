import { createWriteStream } from "node:fs";
import { mkdir, open, rm, writeFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { mapConcurrent, type ReviewFile, type SkippedFile } from "../../pipeline/index.ts";
import { selectFiles } from "../select-files.ts";
import type { GithubClient } from "./create-github-client.ts";
import type { GithubContext } from "./read-github-context.ts";
import {
  FILE_MODES,
  type GitTreeEntry,
  readRecursiveTree,
  SYMLINK_MODE,
} from "./read-recursive-tree.ts";

/** GitHub serves blobs up to 100 MB through the REST API. */
export const MAX_BLOB_BYTES = 100 * 1024 * 1024;
/** The first line of a Git LFS pointer file. */
const LFS_POINTER = "version https://git-lfs.github.com/spec/v1";
/** Blob downloads running at once. */
const DOWNLOADS_AT_ONCE = 4;

/** The pull request head's files that match the patterns, read as data into `dir`. */
export interface PullRequestFiles {
  readonly files: ReviewFile[];
  readonly skipped: SkippedFile[];
}

/**
 * For `pull_request_target`, whose workspace holds the base branch: the PR head's versions of
 * the changed files matching `patterns`, read from Git objects through the API into `dir`.
 * Nothing of the PR is checked out or run (its files are bytes to upload), and a path that is a
 * link, a submodule or an LFS pointer at the head is reported instead of read.
 */
export async function fetchPullRequestFiles(
  github: GithubClient,
  context: GithubContext,
  options: {
    paths: readonly string[];
    patterns: readonly string[];
    dir: string;
    signal?: AbortSignal | undefined;
  },
): Promise<PullRequestFiles> {
  const pr = context.pullRequest;
  if (pr === undefined) throw new TypeError("fetchPullRequestFiles needs a pull request event.");
  const dir = resolve(options.dir);
  const selected = await selectHeadFiles(dir, options.paths, options.patterns);
  if (selected.length === 0) return { files: [], skipped: [] };

  const tree = await readRecursiveTree(github, context, pr.headSha, options.signal);
  const entries = new Map(tree.tree.map((e) => [e.path, e]));
  type Fetched = { readonly file: ReviewFile } | { readonly skipped: SkippedFile };

  // The pool stops at the first failed download (a 401 ends them all), in input order.
  const fetched = await mapConcurrent(
    selected,
    DOWNLOADS_AT_ONCE,
    async (file, _index, signal): Promise<Fetched> => {
      const entry = entries.get(file.displayPath);
      const problem = entryProblem(entry, file.displayPath, tree.truncated);
      if (problem !== undefined) return { skipped: { file, ...problem } };
      const target = resolve(dir, file.displayPath);
      // entryProblem has seen the entry and its sha.
      await downloadBlob(github, context, { sha: entry!.sha!, target, signal });
      if (!(await isLfsPointer(target))) return { file };
      const message = `${file.displayPath} is a Git LFS pointer; the media itself is not in the repository's Git objects. Review it from a pull_request workflow with an LFS checkout.`;
      return { skipped: { file, reason: "unreadable", message } };
    },
    options.signal,
  );
  return {
    files: fetched.flatMap((f) => ("file" in f ? [f.file] : [])),
    skipped: fetched.flatMap((f) => ("skipped" in f ? [f.skipped] : [])),
  };
}

/**
 * The changed paths that match the patterns, as files under `dir`. Empty stand-ins let the
 * patterns match exactly as they do in a checkout (`@actions/glob`), so that only the files to
 * review are downloaded; a path that would leave `dir` is dropped.
 */
async function selectHeadFiles(
  dir: string,
  paths: readonly string[],
  patterns: readonly string[],
): Promise<ReviewFile[]> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const inside = paths.filter((p) => {
    const target = resolve(dir, p);
    return target.startsWith(`${dir}${sep}`) && relative(dir, target) === p.split("/").join(sep);
  });
  for (const path of inside) {
    await mkdir(dirname(resolve(dir, path)), { recursive: true });
    await writeFile(resolve(dir, path), "");
  }
  return (await selectFiles({ workspace: dir, patterns, changed: inside })).files;
}

type Problem = Pick<SkippedFile, "reason" | "message">;

/** Why the head's tree entry of `shown` is not read (a link, not a file, too large), if it is not. */
function entryProblem(
  entry: GitTreeEntry | undefined,
  shown: string,
  truncated: boolean,
): Problem | undefined {
  if (entry?.mode === SYMLINK_MODE)
    return {
      reason: "symlink",
      message: `${shown} is a symbolic link at the PR head; links are never followed.`,
    };
  if (entry === undefined || entry.sha === undefined || !FILE_MODES.has(entry.mode ?? ""))
    return {
      reason: "not-a-file",
      message: `${shown} is not a file at the PR head${truncated ? " (the repository tree is too large to list whole)" : ""}; review it from a pull_request workflow.`,
    };
  if ((entry.size ?? 0) > MAX_BLOB_BYTES)
    return {
      reason: "too-large",
      message: `${shown} is over the 100 MB GitHub serves through its API; review it from a pull_request or workflow_dispatch workflow.`,
    };
  return undefined;
}

/** Streams a blob's raw bytes to `target`. */
async function downloadBlob(
  github: GithubClient,
  context: GithubContext,
  blob: { sha: string; target: string; signal: AbortSignal },
): Promise<void> {
  const { data } = await github.request("GET /repos/{owner}/{repo}/git/blobs/{file_sha}", {
    owner: context.owner,
    repo: context.repo,
    file_sha: blob.sha,
    mediaType: { format: "raw" },
    request: { signal: blob.signal, parseSuccessResponseBody: false },
  });
  await pipeline(
    Readable.fromWeb(data as unknown as ReadableStream<Uint8Array>),
    createWriteStream(blob.target),
    { signal: blob.signal },
  );
}

async function isLfsPointer(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(LFS_POINTER.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.toString("utf8") === LFS_POINTER;
  } finally {
    await handle.close();
  }
}
