/** The environment variables the CLI reads. */
const CLI_VARIABLES: readonly string[] = Object.freeze([
  "CONTENT_REVIEW_API_KEY",
  "CONTENT_REVIEW_BASE_URL",
  "CONTENT_REVIEW_SIDEKICKS",
]);

/**
 * For the message of a setting that is missing: the `CONTENT_REVIEW_*` variables that are set
 * but that the CLI does not read (a misspelt name, such as `CONTENT_REVIEW_SIDEKICK`), as a
 * sentence to append; empty when there are none. Names only, never values.
 */
export function unknownVariablesHint(env: Readonly<Record<string, string | undefined>>): string {
  const unknown = Object.keys(env)
    .filter(
      (name) =>
        name.startsWith("CONTENT_REVIEW_") &&
        !CLI_VARIABLES.includes(name) &&
        env[name] !== undefined,
    )
    .sort();
  if (unknown.length === 0) return "";
  return ` ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} set, but the CLI reads only ${CLI_VARIABLES.join(", ")}: check the spelling.`;
}
