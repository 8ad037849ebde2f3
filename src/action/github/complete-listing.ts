import type { GithubClient } from "./create-github-client.ts";
import type { ChangedFiles, GithubListing } from "./list-changed-files.ts";
import { listWithGit, type SourceListing } from "./list-with-git.ts";
import { listWithTrees } from "./list-with-trees.ts";
import { ListingCutShortError } from "./listing-cut-short-error.ts";
import { decideListing, type ListingAttempt, type ListingSource } from "./listing-policy.ts";
import type { GithubContext } from "./read-github-context.ts";

type Range = { readonly base: string; readonly head: string };
type Lister = (
  github: GithubClient,
  context: GithubContext,
  range: Range,
  signal: AbortSignal | undefined,
) => Promise<SourceListing>;

/** How each completing source lists a range (see `COMPLETING_SOURCES` for their order). */
const LISTERS: Readonly<Partial<Record<ListingSource, Lister>>> = Object.freeze({
  git: (_github, context, range, signal) =>
    listWithGit({ workspace: context.workspace, ...range, signal }),
  trees: (github, context, range, signal) => listWithTrees(github, context, { ...range, signal }),
});

/**
 * Completes a list GitHub cut short: lists the same range another way, in the order
 * `decideListing` gives, and keeps GitHub's paths (with their diff lines) first. Throws a
 * `ListingCutShortError` naming the limit when no source can list the whole range.
 */
export async function completeListing(
  github: GithubClient,
  context: GithubContext,
  listed: GithubListing,
  signal: AbortSignal | undefined,
): Promise<ChangedFiles> {
  const attempts: ListingAttempt[] = [{ source: listed.source, result: "truncated" }];
  const base =
    listed.range.base === undefined
      ? undefined
      : (listed.mergeBase ??
        (await mergeBase(github, context, listed.range.base, listed.range.head, signal)));
  let found: string[] = [];
  for (;;) {
    const decision = decideListing(attempts);
    if (decision.kind === "fail") throw new ListingCutShortError(decision.reason);
    if (decision.kind === "use") {
      const paths = [...new Set([...listed.paths, ...found])];
      const { diffLines, fallback } = listed;
      return {
        paths,
        source: decision.source,
        cutShort: listed.source,
        diffLines,
        ...(fallback === undefined ? {} : { fallback }),
      };
    }
    const lister = LISTERS[decision.source]!;
    const got: SourceListing =
      base === undefined
        ? { unavailable: "the event names no base commit" }
        : await lister(github, context, { base, head: listed.range.head }, signal);
    signal?.throwIfAborted();
    if ("paths" in got) found = got.paths;
    attempts.push(
      "paths" in got
        ? { source: decision.source, result: "complete" }
        : { source: decision.source, result: "unavailable", detail: got.unavailable },
    );
  }
}

/**
 * Where the head's branch left the base, as GitHub's three-dot lists start from; the base
 * itself when the compare does not say. Comparing from the base lists the files the base
 * changed since as well: more to review, never less.
 */
async function mergeBase(
  github: GithubClient,
  context: GithubContext,
  base: string,
  head: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  try {
    const { data } = await github.rest.repos.compareCommitsWithBasehead({
      owner: context.owner,
      repo: context.repo,
      basehead: `${base}...${head}`,
      per_page: 1,
      request: { signal },
    });
    return data.merge_base_commit?.sha ?? base;
  } catch {
    signal?.throwIfAborted();
    return base;
  }
}
