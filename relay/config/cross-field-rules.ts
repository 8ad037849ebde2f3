import type { SettingProblem } from "./transport-security.ts";

/** The settings the cross-field rules read, as parsed (undefined: refused or unset). */
export interface CrossFieldInput {
  readonly SIGNATURE_SCHEME?: string;
  readonly WEBHOOK_SECRETS?: readonly string[];
  readonly RECONCILE_AFTER_SECONDS?: number;
  readonly RECONCILE_MAX_HOURS?: number;
  readonly RETENTION_DAYS?: number;
}

/** One rule between settings: the variable it refuses, and why (null: fine). */
export interface CrossFieldRule {
  readonly name: string;
  readonly variable: string;
  check(p: CrossFieldInput): string | null;
}

/**
 * The shortest secret taken for the `github` and `stripe` schemes, whose secrets are plain
 * text: a shorter one could be guessed, and every signature it makes forged.
 */
export const MIN_PLAIN_SECRET_LENGTH = 16;

/** Policy as data: every rule between two settings, each a named check. */
export const CROSS_FIELD_RULES: readonly CrossFieldRule[] = Object.freeze([
  {
    name: "a plain-text signing secret is long enough not to be guessed",
    variable: "WEBHOOK_SECRETS",
    check: ({ SIGNATURE_SCHEME: scheme, WEBHOOK_SECRETS: secrets }) => {
      if (scheme === undefined || scheme === "standard-webhooks" || secrets === undefined) {
        return null;
      }
      const short = secrets.findIndex((s) => s.length < MIN_PLAIN_SECRET_LENGTH);
      if (short === -1) return null;
      const which =
        secrets.length === 1 ? "its secret" : `secret ${short + 1} of ${secrets.length}`;
      return `must hold secrets of at least ${MIN_PLAIN_SECRET_LENGTH} characters with SIGNATURE_SCHEME=${scheme} (${which} is ${secrets[short]?.length}): a short one can be guessed; set the sender's secret, whole`;
    },
  },
  {
    name: "the first check comes before the limit",
    variable: "RECONCILE_AFTER_SECONDS",
    check: ({ RECONCILE_AFTER_SECONDS: after, RECONCILE_MAX_HOURS: maxHours }) =>
      after !== undefined && maxHours !== undefined && after > maxHours * 3600
        ? `must be at most RECONCILE_MAX_HOURS in seconds (${maxHours * 3600}): the first check would come after the limit, so no verdict could ever be read; lower it or raise RECONCILE_MAX_HOURS`
        : null,
  },
  {
    name: "retention keeps a submission's state until its first check",
    variable: "RETENTION_DAYS",
    check: ({ RETENTION_DAYS: days, RECONCILE_AFTER_SECONDS: after }) =>
      days !== undefined && after !== undefined && days * 86_400 < after
        ? `must be at least RECONCILE_AFTER_SECONDS in days (${after / 86_400}): retention would delete a submission's state before its first check`
        : null,
  },
]);

/** Every cross-field rule that the settings break, in the list's order. */
export function crossFieldProblems(p: CrossFieldInput): SettingProblem[] {
  return CROSS_FIELD_RULES.flatMap((rule) => {
    const message = rule.check(p);
    return message === null ? [] : [{ variable: rule.variable, message }];
  });
}
