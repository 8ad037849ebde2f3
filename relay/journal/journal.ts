import type { RelayEvent } from "../relay-event.ts";
import type { EffectClaimLostError } from "./effect-claim-lost-error.ts";
import type { VerdictWatch } from "./verdict-watch.ts";

/** Where an event stands. `dead` is the visible dead-letter state: attempts ran out. */
export type DeliveryState = "pending" | "processing" | "done" | "dead";

/** One journaled event with its relay state, as `GET /deliveries` shows it. */
export interface JournalEntry {
  /** The sender's message id (dedupe key), or `link:…` for a link registration (see `linkEntryId`). */
  readonly id: string;
  readonly seq: number;
  readonly event: RelayEvent;
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly receivedAt: string;
  readonly updatedAt: string;
  /**
   * The W3C `traceparent` of the span that received it (tracing on), so that relaying it
   * continues the delivery's trace across the journal, after a restart too.
   */
  readonly traceparent?: string | null;
}

/** What {@link Journal.redeliver} did. */
export type RedeliverResult = "requeued" | "busy" | "unknown";

/** One attempt of the handler on an entry. */
export interface AttemptInfo {
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** True when a failure now dead-letters the entry. */
  readonly isLast: boolean;
  /**
   * Aborted at the attempt's deadline (well before another replica may take the entry over),
   * at shutdown, or when the store takes the work back. Every outbound call gets it.
   */
  readonly signal: AbortSignal;
  /** When the signal aborts at the latest (ms since the epoch). */
  readonly deadline: number;
}

export type EntryHandler = (entry: JournalEntry, attempt: AttemptInfo) => Promise<void>;

/** Where an effect belongs: what retention deletes it with, and how far back to look for it. */
export interface EffectScope {
  readonly submissionId: string;
  /** The entry it belongs to; null for an effect of the whole submission (its Slack parent). */
  readonly entryId: string | null;
  /** A lower bound of when it can have happened (ms since the epoch): the entry's receipt. */
  readonly since: number;
}

/**
 * What {@link Journal.claimEffect} found for an effect key.
 * - `new`: nobody performed it; the claim is yours: perform it.
 * - `unknown`: an earlier claim ended without a known outcome (a timeout after sending, a
 *   crash); the claim is yours now: look at the destination before performing it again.
 * - `done`: performed; `value` is what was recorded (a Slack `ts`, say).
 * - `busy`: another attempt holds the claim until `until` (ms since the epoch).
 */
export type EffectClaim =
  | { readonly status: "new"; readonly token: string }
  | { readonly status: "unknown"; readonly token: string; readonly since: number }
  | { readonly status: "done"; readonly value: string | null }
  | { readonly status: "busy"; readonly until: number };

/** The effects table: each external effect is claimed here before it is performed. */
export interface EffectJournal {
  /**
   * Claims the effect `key` for `leaseMs` (unique per event and effect, in the same database
   * as the journal), or says who has it. A claim is durable before this resolves.
   */
  claimEffect(key: string, scope: EffectScope, leaseMs: number): Promise<EffectClaim>;
  /**
   * Records the effect as performed, with its value, under the claim `token`. Throws
   * {@link EffectClaimLostError} when another attempt has taken the claim over meanwhile.
   */
  completeEffect(key: string, token: string, value: string | null): Promise<void>;
  /**
   * Gives a claim up: `not-performed` when the destination certainly did not act (the claim is
   * removed), `unknown` when it may have: the claim then holds until its lease ends (the
   * attempt's deadline plus a margin), so that a late-applied effect has landed before the
   * next claimant looks at the destination for it.
   */
  abandonEffect(key: string, token: string, outcome: "not-performed" | "unknown"): Promise<void>;
}

/** Gauges kept as the work happens (never a table scan). */
export interface JournalStats {
  /** Entries waiting or running. */
  readonly queueDepth: number;
  /** Entries in the dead-letter state. */
  readonly deadLettered: number;
}

/**
 * The durable journal: dedupe, queue, relay state and effect claims. Two implementations share
 * these semantics: SQLite (one process owns the file) and Postgres through pg-boss (several
 * replicas).
 */
export interface Journal extends EffectJournal, VerdictWatch {
  readonly kind: "sqlite" | "postgres";
  /** Where it is, for the start line: the SQLite path, or the Postgres host and schema. */
  readonly location: string;
  /**
   * Records and enqueues an event in one transaction; `duplicate` when `id` was seen before
   * (its entry may be gone: delivery ids outlive entries, see {@link Journal.pruneDeliveryIds}).
   */
  ingest(
    id: string,
    event: RelayEvent,
    traceparent?: string | null,
  ): Promise<"accepted" | "duplicate">;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  /** Most recent entries first. */
  listEntries(limit: number): Promise<JournalEntry[]>;
  /**
   * Sends a `done` or `dead` entry through the relays again. `busy` when it is still waiting
   * or running (it goes through the relays anyway), `unknown` when no entry has that id.
   */
  redeliver(id: string): Promise<RedeliverResult>;
  /** The gauges, read from counters kept as the work happens. */
  stats(): Promise<JournalStats>;
  /** True when an entry of the submission after `seq` waits or runs (lets the worker coalesce). */
  hasLaterEntries(submissionId: string, seq: number): Promise<boolean>;
  /** Per-submission relay state (JSON text), read and written by the worker. */
  loadState(submissionId: string): Promise<string | null>;
  saveState(submissionId: string, json: string): Promise<void>;
  /**
   * Deletes up to `limit` finished entries (`done`, or `dead` and never redelivered) last
   * updated before `before` (ms since the epoch), with their effects, and the state of
   * submissions left without entries. Returns how many entries it deleted.
   */
  prune(before: number, limit: number): Promise<number>;
  /**
   * Starts workers. Entries of one submission are handled one at a time, in arrival order.
   * A failed attempt is retried with backoff; after the last attempt the entry is `dead`.
   */
  start(handler: EntryHandler, hooks?: WorkerHooks): Promise<void>;
  /**
   * Deletes up to `limit` delivery ids (the dedupe keys kept after their entries) received
   * before `before` (ms since the epoch). Returns how many it deleted.
   */
  pruneDeliveryIds(before: number, limit: number): Promise<number>;
  /** Stops taking work, waits up to `timeoutMs` for running handlers, closes the store. */
  close(timeoutMs: number): Promise<void>;
}

/** Observers for metrics and logs. */
export interface WorkerHooks {
  onRetry?(entry: JournalEntry, error: unknown, delayMs: number | null): void;
  onDead?(entry: JournalEntry, error: unknown): void;
  onDone?(entry: JournalEntry): void;
  /** The journal's own bookkeeping failed (the store is down or full); it tries again after `delayMs`. */
  onJournalError?(error: unknown, delayMs: number): void;
}
