/**
 * An attempt that could not start its work yet (another attempt holds a claim it needs) says
 * when to come back. The journal runs the entry again then, and the attempt does not count.
 */
export interface RetryNotBefore {
  /** When the entry may run again at the earliest (ms since the epoch). */
  readonly retryNotBefore: number;
}

/** When `error` asks to come back later, that time; undefined otherwise. */
export function retryNotBefore(error: unknown): number | undefined {
  const at = (error as Partial<RetryNotBefore> | null)?.retryNotBefore;
  return typeof at === "number" && Number.isFinite(at) ? at : undefined;
}
