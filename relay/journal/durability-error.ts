/**
 * The journal could not make committed writes durable (an fsync after COMMIT failed). The
 * process must end: the committed events are scheduled by the next start, and answering as if
 * nothing happened would strand them (their redeliveries are already duplicates).
 */
export class JournalDurabilityError extends Error {
  override readonly name = "JournalDurabilityError";

  constructor(what: string, options?: { cause?: unknown }) {
    super(
      `The journal could not sync ${what} to disk after committing; the relay stops so that its supervisor restarts it (check the disk)`,
      options,
    );
  }
}
