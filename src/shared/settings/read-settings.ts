import type { z } from "zod";

/** One setting that cannot be used: its name as the user wrote it, and why (never its value). */
export interface SettingProblem {
  readonly setting: string;
  readonly message: string;
}

/** A table of settings: each name, its zod schema (parser, bounds, message and default). */
export type SettingsTable = Readonly<Record<string, z.ZodType>>;

/** The values a table reads, by name. */
export type SettingsValues<T extends SettingsTable> = { -readonly [K in keyof T]: z.output<T[K]> };

/**
 * Reads every setting of `table` in one pass, so that one run names every problem at once. The
 * one shape every host reads its settings with: the relay's variables, the Action's inputs and
 * tracing's `OTEL_*` variables. `raw` gives a setting's text as set; an empty value counts as
 * unset, so the schema's default applies (a host that trims its values passes them trimmed). The message is the schema's own (each schema
 * carries one written for a person, not zod's default).
 */
export function readSettings<T extends SettingsTable>(
  table: T,
  raw: (name: string) => string | undefined,
): { values: Partial<SettingsValues<T>>; problems: SettingProblem[] } {
  const values: Record<string, unknown> = {};
  const problems: SettingProblem[] = [];
  for (const [name, schema] of Object.entries(table)) {
    const text = raw(name);
    const result = schema.safeParse(text === undefined || text === "" ? undefined : text);
    if (result.success) values[name] = result.data;
    else problems.push({ setting: name, message: result.error.issues[0]?.message ?? "is invalid" });
  }
  return { values: values as Partial<SettingsValues<T>>, problems };
}

/**
 * A rule across settings (one requires another, two exclude each other), named after what it
 * checks. It sees the values that passed their own checks and the settings already refused, and
 * returns its problems: policy as a list of named functions.
 */
export type CrossFieldRule<V> = (values: V, refused: ReadonlySet<string>) => SettingProblem[];

/** Every rule's problems, in the rules' order; a setting refused for its value is not named again. */
export function applyCrossFieldRules<V>(
  rules: readonly CrossFieldRule<V>[],
  values: V,
  problems: readonly SettingProblem[],
): SettingProblem[] {
  const refused = new Set(problems.map((p) => p.setting));
  return rules.flatMap((rule) => rule(values, refused));
}
