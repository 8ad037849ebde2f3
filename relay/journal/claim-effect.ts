import { randomUUID } from "node:crypto";
import type { EffectClaim } from "./journal.ts";

/** An effect's row as a claimant reads it. */
export interface EffectRecord {
  readonly state: "claimed" | "done";
  readonly value: string | null;
  /** When the current claim ends (ms since the epoch). */
  readonly until: number;
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
 * One claim on an effect for both journals: a new claim, else the take-over of a claim whose
 * lease ended (its outcome is unknown), else what holds it. A row released between the steps
 * is claimed again.
 */
export async function claimEffect(steps: ClaimSteps, leaseMs: number): Promise<EffectClaim> {
  for (;;) {
    const token = randomUUID();
    if (await steps.insert(token, leaseMs)) return { status: "new", token };
    const since = await steps.takeOver(token, leaseMs);
    if (since !== undefined) return { status: "unknown", token, since };
    const row = await steps.read();
    if (row?.state === "done") return { status: "done", value: row.value };
    if (row !== undefined) return { status: "busy", until: row.until };
  }
}
