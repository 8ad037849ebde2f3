/**
 * The review ran and reported, but its `--state` file could not be written (a full disk, a
 * folder made read-only meanwhile): not a usage error, since the path was checked before the
 * review and the command line was right. Exit code 5, unless the review's own verdict is not 0
 * (findings, a failed asset), which wins; the next run reviews every file again.
 */
export class StateFileError extends Error {
  override name = "StateFileError";
  /** The state file, as the user wrote it. */
  readonly path: string;

  constructor(path: string, options: { cause: unknown }) {
    const why = (options.cause as NodeJS.ErrnoException).code ?? (options.cause as Error).message;
    super(
      `Cannot write the state file ${path} (${why}): the review ran and its report is above, but the next run reviews every file again. Free some space or fix the folder's permissions, or choose another --state path.`,
      options,
    );
    this.path = path;
  }
}

/** Type guard for {@link StateFileError}. */
export function isStateFileError(error: unknown): error is StateFileError {
  return error instanceof StateFileError;
}
