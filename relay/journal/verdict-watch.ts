import { keyFromStorable } from "./storable-key.ts";

/** A linked submission without a final verdict, as reconciliation sees it. */
export interface WatchedSubmission {
  readonly submissionId: string;
  /** When the relay first watched it (its link was relayed; ms since the epoch). */
  readonly linkedAt: number;
  /** When it is due a check against the service (ms since the epoch). */
  readonly dueAt: number;
  /** Checks that found it still processing, since its last event. */
  readonly checks: number;
}

/**
 * The submissions the relay waits on for a verdict (issue #25's reconciliation): one row each,
 * from the link until the verdict is final, so a sweep reads only what is open.
 */
export interface VerdictWatch {
  /**
   * Watches a submission, due a check at `dueAt`. Watched already: the due time moves and the
   * checks start over (an event came), its link time stays.
   */
  watchVerdict(submissionId: string, dueAt: number): Promise<void>;
  /** Its verdict is final: nothing left to wait for. */
  unwatchVerdict(submissionId: string): Promise<void>;
  /** Up to `limit` watched submissions due at `now`, the longest due first. */
  dueVerdicts(now: number, limit: number): Promise<WatchedSubmission[]>;
  /**
   * Takes the check of a due submission by moving it to `nextDueAt` with one check more; false
   * when another sweep (another replica) took it first, or an event moved it.
   */
  takeVerdictCheck(watched: WatchedSubmission, nextDueAt: number): Promise<boolean>;
}

/**
 * A watch row as both stores return it (numbers may come as strings from Postgres), its
 * submission id stored through `storableKey`.
 */
export interface WatchRow {
  readonly submission_id: string;
  readonly linked_at: number | string;
  readonly due_at: number | string;
  readonly checks: number | string;
}

export function toWatched(row: WatchRow): WatchedSubmission {
  return {
    submissionId: keyFromStorable(row.submission_id),
    linkedAt: Number(row.linked_at),
    dueAt: Number(row.due_at),
    checks: Number(row.checks),
  };
}
