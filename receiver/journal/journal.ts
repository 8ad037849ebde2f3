import type { RelayEvent } from "../relay-event.ts";

/** Where an event stands. `dead` is the visible dead-letter state: attempts ran out. */
export type DeliveryState = "pending" | "processing" | "done" | "dead";

/** One journaled event with its relay state, as `GET /deliveries` shows it. */
export interface JournalEntry {
  /** The sender's message id (dedupe key), or `link:<uuid>` for a link registration. */
  readonly id: string;
  readonly seq: number;
  readonly event: RelayEvent;
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly receivedAt: string;
  readonly updatedAt: string;
}

/** What {@link Journal.redeliver} did. */
export type RedeliverResult = "requeued" | "busy" | "unknown";

/** One attempt of the handler on an entry. */
export interface AttemptInfo {
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** True when a failure now dead-letters the entry. */
  readonly isLast: boolean;
}

export type EntryHandler = (entry: JournalEntry, attempt: AttemptInfo) => Promise<void>;

/** State of an outbound effect that cannot be repeated safely (a Slack post). */
export interface EffectRecord {
  readonly state: "started" | "done";
  readonly value: string | null;
}

/**
 * The durable journal: dedupe, queue and relay state. Two implementations share these
 * semantics: SQLite (one process) and Postgres through pg-boss (several replicas).
 */
export interface Journal {
  readonly kind: "sqlite" | "postgres";
  /** Records and enqueues an event in one transaction; `duplicate` when `id` was seen before. */
  ingest(id: string, event: RelayEvent): Promise<"accepted" | "duplicate">;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  /** Most recent entries first. */
  listEntries(limit: number): Promise<JournalEntry[]>;
  /**
   * Sends a `done` or `dead` entry through the relays again. `busy` when it is still waiting
   * or running (it goes through the relays anyway), `unknown` when no entry has that id.
   */
  redeliver(id: string): Promise<RedeliverResult>;
  /** Entries waiting or running, and dead-lettered entries. */
  stats(): Promise<{ queueDepth: number; deadLettered: number }>;
  /** True when an entry of the submission after `seq` waits or runs (lets the worker coalesce). */
  hasLaterEntries(submissionId: string, seq: number): Promise<boolean>;
  /** Per-submission relay state (JSON text), read and written by the worker. */
  loadState(submissionId: string): Promise<string | null>;
  saveState(submissionId: string, json: string): Promise<void>;
  getEffect(key: string): Promise<EffectRecord | null>;
  setEffect(key: string, effect: EffectRecord): Promise<void>;
  /**
   * Starts workers. Entries of one submission are handled one at a time, in arrival order.
   * A failed attempt is retried with backoff; after the last attempt the entry is `dead`.
   */
  start(handler: EntryHandler, hooks?: WorkerHooks): Promise<void>;
  /** Stops taking work, waits up to `timeoutMs` for running handlers, closes the store. */
  close(timeoutMs: number): Promise<void>;
}

/** Observers for metrics and logs. */
export interface WorkerHooks {
  onRetry?(entry: JournalEntry, error: unknown, delayMs: number | null): void;
  onDead?(entry: JournalEntry, error: unknown): void;
  onDone?(entry: JournalEntry): void;
}
