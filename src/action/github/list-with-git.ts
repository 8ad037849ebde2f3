import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** `git diff --name-status` letters of a path whose content exists at the head. */
const HEAD_STATUSES: ReadonlySet<string> = new Set(["A", "M", "T"]);
const FULL_SHA = /^[0-9a-f]{40}$/i;
/** Room for the names of a very large change (git prints each path once, NUL-terminated). */
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/** The paths a source listed, or why it could not list them. */
export type SourceListing = { readonly paths: string[] } | { readonly unavailable: string };

/**
 * The paths whose content differs between the trees of `base` and `head`, listed by git in the
 * checked-out repository at `workspace`. A shallow checkout lacks one commit or both: they are
 * fetched from `origin`, one level deep (a diff of two trees needs no history), which GitHub
 * serves by sha. Nothing of the checkout changes but its object store and `FETCH_HEAD`; no hook
 * runs. Prompts are off, so a fetch without credentials fails instead of waiting.
 */
export async function listWithGit(options: {
  workspace: string;
  base: string;
  head: string;
  signal?: AbortSignal | undefined;
}): Promise<SourceListing> {
  const { base, head } = options;
  if (!FULL_SHA.test(base) || !FULL_SHA.test(head))
    return { unavailable: "the base or head is not a commit sha" };
  const git = (...args: string[]) =>
    run("git", args, {
      cwd: options.workspace,
      encoding: "utf8",
      maxBuffer: MAX_OUTPUT_BYTES,
      signal: options.signal,
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
    });
  try {
    await git("rev-parse", "--git-dir");
  } catch {
    return { unavailable: "the workspace is not a git checkout" };
  }
  const missing: string[] = [];
  for (const sha of [base, head])
    if (
      !(await git("cat-file", "-e", `${sha}^{commit}`).then(
        () => true,
        () => false,
      ))
    )
      missing.push(sha);
  if (missing.length > 0) {
    try {
      await git("fetch", "--no-tags", "--no-recurse-submodules", "--depth=1", "origin", ...missing);
    } catch (error) {
      return { unavailable: `could not fetch ${missing.join(" and ")} (${firstLine(error)})` };
    }
  }
  try {
    const { stdout } = await git(
      "diff",
      "--name-status",
      "-z",
      "--no-renames",
      "--no-ext-diff",
      "--no-textconv",
      base,
      head,
    );
    return { paths: parseNameStatus(stdout) };
  } catch (error) {
    return { unavailable: `git diff failed (${firstLine(error)})` };
  }
}

/** `git diff --name-status -z` output: a status, then its path, each NUL-terminated. */
export function parseNameStatus(output: string): string[] {
  const fields = output.split("\0");
  const paths: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2)
    if (HEAD_STATUSES.has(fields[i]!.charAt(0))) paths.push(fields[i + 1]!);
  return paths;
}

function firstLine(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = typeof stderr === "string" && stderr.trim() !== "" ? stderr : String(error);
  return text.trim().split("\n")[0]!.slice(0, 200);
}
