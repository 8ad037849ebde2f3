import type { RelayEvent } from "../../relay-event.ts";
import type { DeliveryState, JournalEntry } from "../journal.ts";

/** A row of the Postgres `events` table. */
export interface PostgresEventRow {
  seq: string;
  id: string;
  submission_id: string;
  /** The event as JSON text; null in rows from before it, which hold it in `payload`. */
  body: string | null;
  payload: RelayEvent | null;
  state: string;
  attempts: number;
  last_error: string | null;
  received_at: Date;
  updated_at: Date;
  traceparent?: string | null;
}

/** The event of a row from before the `body` column. */
function readPayload(row: PostgresEventRow): RelayEvent {
  if (row.payload === null)
    throw new Error(`Entry ${row.id} holds no event (neither body nor payload)`);
  return row.payload;
}

/** The entry a row holds. */
export function toPostgresEntry(row: PostgresEventRow): JournalEntry {
  return {
    id: row.id,
    seq: Number(row.seq),
    event: typeof row.body === "string" ? (JSON.parse(row.body) as RelayEvent) : readPayload(row),
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
