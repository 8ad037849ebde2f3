import type { CrossFieldRule, SettingProblem } from "../../src/shared/settings/read-settings.ts";

/** The settings the relay's cross-field rules read, as parsed (undefined: refused or unset). */
export interface CrossFieldInput {
  readonly SIGNATURE_SCHEME?: string;
  readonly WEBHOOK_SECRETS?: readonly string[];
  readonly RECONCILE_AFTER_SECONDS?: number;
  readonly RECONCILE_MAX_HOURS?: number;
  readonly RETENTION_DAYS?: number;
}

/**
 * The shortest secret taken for the `github` and `stripe` schemes, whose secrets are plain
 * text: a shorter one could be guessed, and every signature it makes forged.
 */
export const MIN_PLAIN_SECRET_LENGTH = 16;

const one = (setting: string, message: string | null): SettingProblem[] =>
  message === null ? [] : [{ setting, message }];

/** A plain-text signing secret (`github`, `stripe`) is long enough not to be guessed. */
export const plainSecretsLongEnough: CrossFieldRule<CrossFieldInput> = (p) => {
  const { SIGNATURE_SCHEME: scheme, WEBHOOK_SECRETS: secrets } = p;
  if (scheme === undefined || scheme === "standard-webhooks" || secrets === undefined) return [];
  const short = secrets.findIndex((s) => s.length < MIN_PLAIN_SECRET_LENGTH);
  if (short === -1) return [];
  const which = secrets.length === 1 ? "its secret" : `secret ${short + 1} of ${secrets.length}`;
  return one(
    "WEBHOOK_SECRETS",
    `must hold secrets of at least ${MIN_PLAIN_SECRET_LENGTH} characters with SIGNATURE_SCHEME=${scheme} (${which} is ${secrets[short]?.length}): a short one can be guessed; set the sender's secret, whole`,
  );
};

/** Reconciliation's first check comes before its limit. */
export const firstCheckBeforeLimit: CrossFieldRule<CrossFieldInput> = (p) => {
  const { RECONCILE_AFTER_SECONDS: after, RECONCILE_MAX_HOURS: maxHours } = p;
  if (after === undefined || maxHours === undefined || after <= maxHours * 3600) return [];
  return one(
    "RECONCILE_AFTER_SECONDS",
    `must be at most RECONCILE_MAX_HOURS in seconds (${maxHours * 3600}): the first check would come after the limit, so no verdict could ever be read; lower it or raise RECONCILE_MAX_HOURS`,
  );
};

/** Retention keeps a submission's state until its first check. */
export const retentionOutlivesFirstCheck: CrossFieldRule<CrossFieldInput> = (p) => {
  const { RETENTION_DAYS: days, RECONCILE_AFTER_SECONDS: after } = p;
  if (days === undefined || after === undefined || days * 86_400 >= after) return [];
  return one(
    "RETENTION_DAYS",
    `must be at least RECONCILE_AFTER_SECONDS in days (${after / 86_400}): retention would delete a submission's state before its first check`,
  );
};

/** Policy as data: the relay's rules between settings, in the order their problems are named. */
export const RELAY_CROSS_FIELD_RULES: readonly CrossFieldRule<CrossFieldInput>[] = Object.freeze([
  plainSecretsLongEnough,
  firstCheckBeforeLimit,
  retentionOutlivesFirstCheck,
]);
