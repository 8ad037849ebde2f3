import { createHash } from "node:crypto";
import { diffTrees } from "./diff-trees.ts";

/** A file of a commit's tree: its bytes, Git mode and Git blob sha. */
export interface GitFile {
  readonly content: Buffer;
  readonly mode: string;
  readonly sha: string;
}

/** A commit the stand-in knows: its parents and its whole tree (path → file). */
export interface GitCommit {
  readonly sha: string;
  readonly parents: readonly string[];
  readonly tree: ReadonlyMap<string, GitFile>;
  readonly message: string;
}

/**
 * A file's new content in a commit: text or bytes, with a mode (default `100644`; `120000` is a
 * symbolic link), or null to delete it.
 */
export type GitFileChange = string | Buffer | { content: string | Buffer; mode?: string } | null;

/** A new commit: on top of `parents` (default: the tip of `branch`), with `files` changed. */
export interface GitCommitInput {
  readonly files: Readonly<Record<string, GitFileChange>>;
  readonly parents?: readonly string[];
  /** The branch to commit on: its tip is the parent (unless `parents` is given), and it moves. */
  readonly branch?: string;
  readonly message?: string;
  /** A sha of the test's choosing (40 hex); by default one derived from the commit. */
  readonly sha?: string;
}

/** A changed file of a compare or a pull request, as GitHub lists it. */
export interface GitChangedFile {
  readonly filename: string;
  readonly status: "added" | "removed" | "modified";
  /** The Git blob sha of the file at the head (of the base for a removed file). */
  readonly sha: string;
  /** Unified diff hunks; absent for a binary file, as on GitHub. */
  readonly patch?: string;
  readonly additions: number;
  readonly deletions: number;
  readonly changes: number;
}

/**
 * The Git blob sha of `content`: SHA-1 over `blob <length>\0` and the bytes. Written here on
 * its own, apart from the Action's hashing, so that the two cannot share a mistake.
 */
export function gitBlobSha(content: string | Buffer): string {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`, "utf8"), bytes]))
    .digest("hex");
}

function toFile(change: Exclude<GitFileChange, null>): GitFile {
  const raw = typeof change === "string" || Buffer.isBuffer(change) ? change : change.content;
  const content = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  const mode = typeof change === "object" && !Buffer.isBuffer(change) ? change.mode : undefined;
  return { content, mode: mode ?? "100644", sha: gitBlobSha(content) };
}

const FULL_SHA = /^[0-9a-f]{40}$/;

/** The sha of a commit the test did not name: derived from its number, parents, tree and message. */
function derivedSha(
  counter: number,
  parents: readonly string[],
  tree: ReadonlyMap<string, GitFile>,
  message: string,
): string {
  return createHash("sha1")
    .update(
      [
        `commit ${counter}`,
        ...parents,
        ...[...tree].map(([p, f]) => `${f.mode} ${f.sha} ${p}`),
        message,
      ].join("\n"),
    )
    .digest("hex");
}

/** A branch name, a full sha or an unambiguous abbreviated sha, as Git resolves a ref. */
function resolveRef(
  commits: ReadonlyMap<string, GitCommit>,
  branches: ReadonlyMap<string, string>,
  ref: string,
): GitCommit | undefined {
  const name = ref.replace(/^refs\/heads\//, "");
  const branch = branches.get(name);
  if (branch !== undefined) return commits.get(branch);
  const exact = commits.get(ref.toLowerCase());
  if (exact !== undefined || ref.length >= 40 || !/^[0-9a-f]{7,}$/i.test(ref)) return exact;
  const matches = [...commits.values()].filter((c) => c.sha.startsWith(ref.toLowerCase()));
  return matches.length === 1 ? matches[0] : undefined;
}

/** Every ancestor of `sha` (itself included), nearest first. */
function ancestorsOf(commits: ReadonlyMap<string, GitCommit>, sha: string): string[] {
  const seen = new Set<string>();
  const queue = [sha];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(commits.get(next)?.parents ?? []));
  }
  return [...seen];
}

/**
 * The Git history of one stand-in repository: commits with whole trees, branches, and what
 * GitHub derives from them (three-dot compares, the changed files of a pull request). Blob
 * shas are real Git blob shas of the content, so callers that hash files agree with it.
 */
export function createGitHistory() {
  const commits = new Map<string, GitCommit>();
  const branches = new Map<string, string>();
  const blobs = new Map<string, Buffer>();
  let counter = 0;

  const resolve = (ref: string): GitCommit | undefined => resolveRef(commits, branches, ref);

  const ancestors = (sha: string): string[] => ancestorsOf(commits, sha);

  const commit = (input: GitCommitInput): GitCommit => {
    const parents = [
      ...(input.parents ??
        (input.branch !== undefined && branches.has(input.branch)
          ? [branches.get(input.branch)!]
          : [])),
    ];
    for (const parent of parents)
      if (!commits.has(parent)) throw new Error(`Commit ${parent} is unknown: add it first`);
    const tree = new Map(parents.length > 0 ? commits.get(parents[0]!)!.tree : []);
    for (const [path, change] of Object.entries(input.files)) {
      if (change === null) tree.delete(path);
      else {
        const file = toFile(change);
        tree.set(path, file);
        blobs.set(file.sha, file.content);
      }
    }
    counter += 1;
    const message = input.message ?? `commit ${counter}`;
    const sha = input.sha ?? derivedSha(counter, parents, tree, message);
    if (!FULL_SHA.test(sha)) throw new Error(`A commit sha must be 40 hex digits (got "${sha}")`);
    const made: GitCommit = { sha, parents, tree, message };
    commits.set(sha, made);
    if (input.branch !== undefined) branches.set(input.branch, sha);
    return made;
  };

  /** The files that differ between two commits' trees, in path order. */
  const diff = (base: GitCommit | undefined, head: GitCommit): GitChangedFile[] =>
    diffTrees(base?.tree, head.tree);

  return {
    commits: commits as ReadonlyMap<string, GitCommit>,
    branches: branches as ReadonlyMap<string, string>,
    blobs: blobs as ReadonlyMap<string, Buffer>,
    commit,
    resolve,
    /** Points a branch at a known commit. */
    setBranch(name: string, sha: string): void {
      if (!commits.has(sha)) throw new Error(`Commit ${sha} is unknown: add it first`);
      branches.set(name, sha);
    },
    /** The nearest common ancestor of `a` and `b`, as a three-dot compare starts from. */
    mergeBase(a: GitCommit, b: GitCommit): GitCommit | undefined {
      const ofA = new Set(ancestors(a.sha));
      const found = ancestors(b.sha).find((sha) => ofA.has(sha));
      return found === undefined ? undefined : commits.get(found);
    },
    /** The commits reachable from `head` but not from `base`, oldest first. */
    commitsBetween(base: GitCommit | undefined, head: GitCommit): GitCommit[] {
      const exclude = new Set(base === undefined ? [] : ancestors(base.sha));
      return ancestors(head.sha)
        .filter((sha) => !exclude.has(sha))
        .reverse()
        .map((sha) => commits.get(sha)!);
    },
    diff,
    /** The changes of `from → to`, to commit on top of another base (a merge without conflicts). */
    changesBetween(from: GitCommit | undefined, to: GitCommit) {
      const files: Record<string, GitFileChange> = {};
      for (const f of diff(from, to)) {
        const file = to.tree.get(f.filename);
        files[f.filename] = file === undefined ? null : { content: file.content, mode: file.mode };
      }
      return files;
    },
  };
}

/** The Git history of one stand-in repository. */
export type GitHistory = ReturnType<typeof createGitHistory>;
