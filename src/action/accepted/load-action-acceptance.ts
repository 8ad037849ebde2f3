import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  ACCEPTANCE_POLICY,
  type AcceptedFile,
  codeownersWarning,
  parseAcceptedText,
  readAcceptedFile,
} from "../../acceptance/index.ts";
import { describeError } from "../../shared/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import { acceptedSource } from "./accepted-source.ts";
import { findLinkedComponent } from "./find-linked-component.ts";
import { readFilesAtCommit } from "./read-file-at-commit.ts";

/** The accepted file of a run, and what the run says about it. */
export interface ActionAcceptance {
  /** Undefined when there is none that counts: every issue counts. */
  readonly file: AcceptedFile | undefined;
  /** For the job summary: no CODEOWNERS rule protects the file. */
  readonly warning: string | undefined;
  /** For the log: where the file was read, or why none counts. */
  readonly note: string;
  /** The file could not be read: `note` says why, as a warning. */
  readonly unread?: true;
  /** The symbolic link on the file's path that refused it: `note` says why, as an error. */
  readonly refusedLink?: string;
}

/**
 * Reads the accepted file that counts for this run (see `acceptedSource`) and the first
 * CODEOWNERS file beside it, and parses it as of `now`. A base branch's file the run cannot
 * read accepts nothing: every finding counts, and the run says so (it never passes more than it
 * would without the file, and the review itself still runs).
 */
export async function loadActionAcceptance(options: {
  github: GithubClient | undefined;
  context: GithubContext;
  path: string;
  now: Date;
  signal?: AbortSignal | undefined;
}): Promise<ActionAcceptance> {
  const { context, path, now } = options;
  const source = acceptedSource(context);
  if (source.kind === "workspace") {
    const link = await findLinkedComponent(context.workspace, path);
    if (link !== undefined) return refusedThrough(link, path);
    const file = await readAcceptedFile(resolve(context.workspace, path), path, now);
    if (file === undefined) return none(`No ${path}: every finding counts.`);
    const codeowners = await firstCodeowners((p) =>
      readFile(resolve(context.workspace, p), "utf8").catch(() => undefined),
    );
    return { file, warning: codeownersWarning(path, codeowners), note: `Read ${path}.` };
  }
  if (source.sha === undefined || options.github === undefined)
    return none(
      `This run does not trust the pull request's head, and cannot read ${path} of the base branch${options.github === undefined ? " (no github-token)" : ""}: every finding counts.`,
    );
  const base = `the base branch (${source.sha.slice(0, 7)})`;
  let found: Map<string, Buffer>;
  try {
    found = await readFilesAtCommit(options.github, context, {
      sha: source.sha,
      paths: [path, ...ACCEPTANCE_POLICY.codeownersPaths],
      maxBytes: ACCEPTANCE_POLICY.maxBytes,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return {
      ...none(
        `Could not read ${path} of ${base} (${describeError(error)}): no finding is accepted in this run, every finding counts.`,
      ),
      unread: true,
    };
  }
  const bytes = found.get(path);
  if (bytes === undefined) return none(`No ${path} on ${base}: every finding counts.`);
  const codeowners = await firstCodeowners(async (p) => found.get(p)?.toString("utf8"));
  return {
    file: parseAcceptedText(bytes, path, now),
    warning: codeownersWarning(path, codeowners),
    note: `Read ${path} of ${base}: the pull request's head is not trusted to accept its own findings.`,
  };
}

/** A link on the path could point the file anywhere a pull request likes: nothing in it counts. */
function refusedThrough(link: string, path: string): ActionAcceptance {
  const what =
    link === path
      ? `${path} is a symbolic link`
      : `${link} is a symbolic link on the path of ${path}`;
  return {
    ...none(
      `${what}: the accepted file is never read through a link (a pull request could point it at a file no code owner reviews), so no finding is accepted in this run and every finding counts. Replace ${link} with the real ${link === path ? "file" : "folder"}.`,
    ),
    refusedLink: link,
  };
}

function none(note: string): ActionAcceptance {
  return { file: undefined, warning: undefined, note };
}

/** The first CODEOWNERS file in GitHub's order, or undefined. */
async function firstCodeowners(
  read: (path: string) => Promise<string | undefined>,
): Promise<string | undefined> {
  for (const path of ACCEPTANCE_POLICY.codeownersPaths) {
    const text = await read(path);
    if (text !== undefined) return text;
  }
  return undefined;
}
