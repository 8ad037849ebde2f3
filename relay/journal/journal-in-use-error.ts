/** A second process tried to open a SQLite journal that another process owns. */
export class JournalInUseError extends Error {
  override readonly name = "JournalInUseError";
  /** The SQLite file. */
  readonly path: string;

  constructor(path: string, options?: { cause?: unknown }) {
    super(
      `The SQLite journal ${path} is in use by another relay process; one process owns a SQLite journal, so run several replicas on Postgres (STORE_URL=postgres://...)`,
      options,
    );
    this.path = path;
  }
}

export function isJournalInUseError(error: unknown): error is JournalInUseError {
  return error instanceof JournalInUseError;
}
