/** The environment variables the CLI reads; every other option is a flag. */
export const CLI_VARIABLES: readonly string[] = Object.freeze([
  "CONTENT_REVIEW_API_KEY",
  "CONTENT_REVIEW_BASE_URL",
  "CONTENT_REVIEW_SIDEKICKS",
]);

const PREFIX = "CONTENT_REVIEW_";

/**
 * The warning of every run about the `CONTENT_REVIEW_*` variables that are set but that the CLI
 * does not read: a misspelt name (`CONTENT_REVIEW_SIDEKICK`), or an option that is a flag only
 * (`CONTENT_REVIEW_FAIL_ON`, silently ignored until now, so a gate passed at `critical`). Names
 * only, never values; `flags` are the command's long options, suggested where one matches.
 * Null when there is nothing to say.
 */
export function unknownVariablesWarning(
  env: Readonly<Record<string, string | undefined>>,
  flags: readonly string[] = [],
): string | null {
  const unknown = Object.keys(env)
    .filter((name) => name.startsWith(PREFIX) && !CLI_VARIABLES.includes(name))
    .filter((name) => env[name] !== undefined)
    .sort();
  if (unknown.length === 0) return null;
  const asFlags = unknown
    .map((name) => `--${name.slice(PREFIX.length).toLowerCase().replaceAll("_", "-")}`)
    .filter((flag) => flags.includes(flag));
  const instead = asFlags.length > 0 ? ` Pass ${asFlags.join(", ")} instead.` : "";
  const verb = unknown.length === 1 ? "is" : "are";
  return `content-review: warning: ${unknown.join(", ")} ${verb} set but not read (ignored): the CLI reads only ${CLI_VARIABLES.join(", ")}, and takes every other setting as a flag; check the spelling.${instead}\n`;
}
