import { setTimeout as sleep } from "node:timers/promises";
import type { EffectJournal, EffectScope, RetryNotBefore } from "../journal/index.ts";
import type { Logger } from "../logger.ts";
import { type EffectTrace, traceEffect } from "../tracing/index.ts";
import { isDestinationError } from "./destination-error.ts";

/**
 * Another attempt holds the claim on an effect past this attempt's deadline; this attempt
 * fails, and the journal runs the entry again once the claim has ended.
 */
export class EffectBusyError extends Error implements RetryNotBefore {
  override readonly name = "EffectBusyError";
  readonly key: string;
  /** When the claim ends (ms since the epoch). */
  readonly until: number;
  readonly retryNotBefore: number;

  constructor(key: string, until: number) {
    super(
      `Another attempt holds the claim on ${key} until ${new Date(until).toISOString()}; this attempt runs again then`,
    );
    this.key = key;
    this.until = until;
    this.retryNotBefore = until;
  }
}

/** The call context of one attempt, given to every effect. */
export interface EffectContext {
  readonly signal: AbortSignal;
  /** The attempt's deadline (ms since the epoch); claims hold a little longer. */
  readonly deadline: number;
  /** The journal entry being relayed. */
  readonly entryId: string;
  /** When the entry was received (ms since the epoch): no effect of it can be older. */
  readonly receivedAt: number;
  /**
   * How long a claim outlives the attempt's deadline: time for a destination that applies a
   * request late (after its answer timed out) to have applied it before anyone looks.
   * @default 2000
   */
  readonly claimMarginMs?: number;
  /** Where this attempt's effects are traced; absent when tracing is off. */
  readonly trace?: EffectTrace;
}

export interface PerformOnceOptions {
  readonly effects: EffectJournal;
  readonly logger: Logger;
  /** Unique per event and effect, e.g. `slack-reply:<entry id>`. */
  readonly key: string;
  readonly scope: EffectScope;
  readonly context: EffectContext;
  /** Where the effect goes, for the debug log: `Slack channel C0123 (slack.com)`. */
  readonly destination: string;
  /**
   * Looks at the destination for the effect after an attempt that ended without a known
   * outcome: its value when it is there, `undefined` when it is not. `since` bounds the search.
   */
  readonly find: (since: number) => Promise<string | null | undefined>;
  /** Performs the effect and returns the value to record (a message `ts`, say). */
  readonly perform: () => Promise<string | null>;
}

/** How the effect came to be done in this call. */
export type OnceResult = {
  readonly value: string | null;
  readonly how: "performed" | "found" | "recorded";
};

/**
 * A claim outlives its attempt's deadline by this much, so no two attempts ever overlap, and
 * an effect applied late has landed before the next claimant looks for it.
 */
const CLAIM_MARGIN_MS = 2000;

/** A claim lasts until the attempt's deadline plus the margin. */
function leaseMs(deadline: number, margin: number): number {
  return Math.max(margin, deadline - Date.now() + margin);
}

/**
 * Performs an external effect at most once across attempts, processes and replicas: it is
 * claimed in the journal (a unique key, in the same database) before it is performed and
 * recorded after. A claim left without a known outcome (a timeout after sending, a crash) is
 * resolved by looking at the destination before performing the effect again.
 */
export function performOnce(options: PerformOnceOptions): Promise<OnceResult> {
  // The effect's kind is its key's prefix: `slack-parent`, `slack-reply`, `github-status`.
  const effect = options.key.slice(0, options.key.indexOf(":"));
  return traceEffect(
    options.context.trace,
    effect,
    () => claimAndPerform(options),
    (r) => r.how,
  );
}

async function claimAndPerform(options: PerformOnceOptions): Promise<OnceResult> {
  const { effects, key, context, logger } = options;
  const margin = context.claimMarginMs ?? CLAIM_MARGIN_MS;
  const log = (how: string) =>
    logger.debug("effect", { effect: key, destination: options.destination, outcome: how });
  let claim = await effects.claimEffect(key, options.scope, leaseMs(context.deadline, margin));
  // A claim that ends within this attempt (an earlier attempt's, after an unknown outcome) is
  // waited out: only then has a late effect landed, and the destination is worth a look.
  while (claim.status === "busy" && claim.until < context.deadline) {
    await sleep(Math.max(1, claim.until - Date.now()), undefined, { signal: context.signal });
    claim = await effects.claimEffect(key, options.scope, leaseMs(context.deadline, margin));
  }
  if (claim.status === "done") {
    log("already done");
    return { value: claim.value, how: "recorded" };
  }
  if (claim.status === "busy") throw new EffectBusyError(key, claim.until);
  try {
    if (claim.status === "unknown") {
      const found = await options.find(claim.since);
      if (found !== undefined) {
        await effects.completeEffect(key, claim.token, found);
        log("found at the destination after an unknown outcome");
        return { value: found, how: "found" };
      }
    }
  } catch (error) {
    await effects.abandonEffect(key, claim.token, "unknown").catch(() => undefined);
    throw error;
  }
  let value: string | null;
  try {
    value = await options.perform();
  } catch (error) {
    // A refusal certainly changed nothing; anything else may have (look before repeating it).
    const outcome =
      isDestinationError(error) && error.outcome === "not-performed" ? "not-performed" : "unknown";
    await effects.abandonEffect(key, claim.token, outcome).catch(() => undefined);
    log(outcome === "unknown" ? "failed, outcome unknown" : "failed, not performed");
    throw error;
  }
  await effects.completeEffect(key, claim.token, value);
  log("performed");
  return { value, how: "performed" };
}
