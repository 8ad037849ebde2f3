import type { RelayEvent } from "../relay-event.ts";
import type { DeliveryState, JournalEntry } from "./journal.ts";

/** A row of the Postgres `events` table. */
export interface PostgresEventRow {
  seq: string;
  id: string;
  submission_id: string;
  payload: RelayEvent;
  state: string;
  attempts: number;
  last_error: string | null;
  received_at: Date;
  updated_at: Date;
  traceparent?: string | null;
}

/** The entry a row holds. */
export function toPostgresEntry(row: PostgresEventRow): JournalEntry {
  return {
    id: row.id,
    seq: Number(row.seq),
    event: row.payload,
    state: row.state as DeliveryState,
    attempts: row.attempts,
    lastError: row.last_error,
    receivedAt: row.received_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    traceparent: row.traceparent ?? null,
  };
}

/** `host:port/database` of a connection string, without its credentials. */
export function describeServer(connectionString: string, schema: string): string {
  try {
    const url = new URL(connectionString);
    return `postgres://${url.host}${url.pathname} (schema ${schema})`;
  } catch {
    return `postgres (schema ${schema})`;
  }
}
