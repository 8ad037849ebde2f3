import type { RelayEvent } from "../../relay-event.ts";
import type { DeliveryState, JournalEntry } from "../journal.ts";

/** A row of the SQLite `events` table. */
export interface EventRow {
  seq: number;
  id: string;
  submission_id: string;
  payload: string;
  state: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  received_at: number;
  updated_at: number;
  traceparent?: string | null;
}

/** The entry a row holds. */
export function toEntry(row: EventRow): JournalEntry {
  return {
    id: row.id,
    seq: Number(row.seq),
    event: JSON.parse(row.payload) as RelayEvent,
    state: row.state as DeliveryState,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    receivedAt: new Date(Number(row.received_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
    traceparent: row.traceparent ?? null,
  };
}
