/**
 * The journal's store cannot be reached yet (the database is down at start-up): the relay
 * waits for it, answering `503` with `Retry-After` meanwhile.
 */
export class JournalUnavailableError extends Error {
  override readonly name = "JournalUnavailableError";
  /** Where the journal is (no credentials). */
  readonly location: string;

  constructor(location: string, options?: { cause?: unknown }) {
    const reason = options?.cause instanceof Error ? `: ${options.cause.message}` : "";
    super(
      `Waiting for the journal's database ${location}${reason}; the relay keeps trying (check that the database is up and reachable)`,
      options,
    );
    this.location = location;
  }
}
