import { randomUUID } from "node:crypto";
import type { EffectClaim } from "./journal.ts";

/** An effect's row as a claimant reads it. */
export interface EffectRecord {
  readonly state: "claimed" | "done";
  readonly value: string | null;
  /** When the current claim ends (ms since the epoch). */
  readonly until: number;
  /** The claim's lease has ended, by the store's clock: it may be taken over. */
  readonly expired: boolean;
}

/**
 * The atomic steps of a claim on one effect key, each deciding in the store (on its clock):
 * the store's own guards, not this code's reading of a row, keep two claimants apart.
 */
export interface ClaimSteps {
  /** Records a new claim; false when the key has a row already. */
  insert(token: string, leaseMs: number): Promise<boolean>;
  /**
   * Takes a claim whose lease has ended (the store's guard: `claimed_until <= now`); the first
   * claimant's `since` when it did, undefined otherwise.
   */
  takeOver(token: string, leaseMs: number): Promise<number | undefined>;
  read(): Promise<EffectRecord | undefined>;
}

/**
 * One claim on an effect for both journals. It reads first, and writes only what the row it
 * read allows: a new claim where there is none, the take-over of a claim whose lease ended
 * (its outcome is unknown). A claim still held, or a done effect, costs no write, however
 * often an attempt waiting for it asks (on SQLite each write is a commit and an fsync). The
 * read only spares writes that would fail: the store's guards still decide, and a write that
 * loses a race (another claimant inserted, or took over, between the read and the write) reads
 * again.
 */
export async function claimEffect(steps: ClaimSteps, leaseMs: number): Promise<EffectClaim> {
  for (;;) {
    const row = await steps.read();
    if (row?.state === "done") return { status: "done", value: row.value };
    if (row !== undefined && !row.expired) return { status: "busy", until: row.until };
    const token = randomUUID();
    if (row === undefined) {
      if (await steps.insert(token, leaseMs)) return { status: "new", token };
    } else {
      const since = await steps.takeOver(token, leaseMs);
      if (since !== undefined) return { status: "unknown", token, since };
    }
  }
}
