import { RELAY_DEFAULTS } from "./relay-defaults.ts";
import type { Parsed } from "./relay-variables.ts";

/** The attempt deadline and the dedupe window, derived when unset, checked against each other. */
export function resolveDurations(
  p: Parsed,
  problem: (variable: string, message: string) => void,
): { handlerTimeoutMs: number; dedupeDays: number } {
  const leaseMs = p.RELAY_JOB_EXPIRE_SECONDS * 1000;
  const handlerTimeoutMs =
    p.RELAY_HANDLER_TIMEOUT_MS ??
    Math.max(RELAY_DEFAULTS.RELAY_HANDLER_TIMEOUT_MIN_MS, Math.floor(leaseMs / 3));
  if (handlerTimeoutMs * 2 > leaseMs) {
    problem(
      "RELAY_HANDLER_TIMEOUT_MS",
      `must be at most half of RELAY_JOB_EXPIRE_SECONDS (${leaseMs / 1000} s): an attempt must end well before another replica may take its job over`,
    );
  }
  const dedupeDays = p.DEDUPE_DAYS ?? Math.max(RELAY_DEFAULTS.DEDUPE_DAYS, p.RETENTION_DAYS);
  if (dedupeDays < p.RETENTION_DAYS) {
    problem(
      "DEDUPE_DAYS",
      `must be at least RETENTION_DAYS (${p.RETENTION_DAYS}): a delivery id must outlive its entry, or a late redelivery is relayed again`,
    );
  }
  return { handlerTimeoutMs, dedupeDays };
}
