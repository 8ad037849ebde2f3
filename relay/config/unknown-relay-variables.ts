/**
 * Prefixes of the relay's own variables: any other variable that starts with one is a typo
 * (`SLACK_CHANEL`, `WEBHOOK_SECRET`) or a setting the relay does not have.
 */
const OWN_PREFIXES: readonly string[] = Object.freeze([
  "WEBHOOK_",
  "SLACK_",
  "RELAY_",
  "STORE_",
  "GITHUB_APP_",
]);

/**
 * Prefixes shared with others: GitHub's runners and many deployments set `GITHUB_*` variables
 * (`GITHUB_ACTIONS`, `GITHUB_REPOSITORY`, ...). Of those, only near-misses of the relay's own
 * names (`GITHUB_TOKN`) are named.
 */
const SHARED_PREFIXES: readonly string[] = Object.freeze(["GITHUB_"]);

/** A near-miss: at most this many edits (insert, delete, replace, swap two neighbours). */
export const NEAR_MISS = 2;

/** Optimal string alignment distance: Levenshtein's edits plus a swap of two neighbours. */
export function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

function closest(name: string, known: readonly string[]): { name: string; edits: number } | null {
  let best: { name: string; edits: number } | null = null;
  for (const candidate of known) {
    const edits = distance(name, candidate);
    if (best === null || edits < best.edits) best = { name: candidate, edits };
  }
  return best;
}

/**
 * Warnings for variables that look like the relay's but that it does not read: every unknown
 * `WEBHOOK_*`, `SLACK_*`, `RELAY_*`, `STORE_*` and `GITHUB_APP_*` variable, and other
 * `GITHUB_*` ones within {@link NEAR_MISS} edits of a name the relay reads. Names only, never
 * values. Sorted, one sentence each.
 */
export function unknownRelayVariables(
  env: Readonly<Record<string, string | undefined>>,
  known: readonly string[],
): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (env[name] === undefined || known.includes(name)) continue;
    const own = OWN_PREFIXES.some((prefix) => name.startsWith(prefix));
    const shared = SHARED_PREFIXES.some((prefix) => name.startsWith(prefix));
    if (!own && !shared) continue;
    const near = closest(name, known);
    const isNear = near !== null && near.edits <= NEAR_MISS;
    if (!own && !isNear) continue;
    const hint = isNear ? `: did you mean ${near.name}?` : ": check its name in --help";
    warnings.push(`${name} is set, but the relay reads no variable of that name${hint}`);
  }
  return warnings;
}

/**
 * For a required variable that is not set: the set variables within {@link NEAR_MISS} edits of
 * its name that the relay does not read (`WEBHOOK_SECRET` for `WEBHOOK_SECRETS`), as a hint to
 * end its "is required" line with; "" when there are none. Names only, never values.
 */
export function misspeltHint(
  variable: string,
  env: Readonly<Record<string, string | undefined>>,
  known: readonly string[],
): string {
  const near = Object.keys(env)
    .filter((name) => env[name] !== undefined && !known.includes(name))
    .filter((name) => distance(name, variable) <= NEAR_MISS)
    .sort();
  if (near.length === 0) return "";
  return ` (${near.join(", ")} ${near.length === 1 ? "is" : "are"} set: did you mean ${variable}?)`;
}
