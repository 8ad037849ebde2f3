/**
 * The warning a GitHub runner prints before a step whose `with:` names inputs that action.yml
 * does not declare (the step still runs, without them), or undefined when every name is known.
 * Names compare case-insensitively, as the runner compares them.
 */
export function unexpectedInputs(
  given: readonly string[],
  valid: readonly string[],
): string | undefined {
  const known = new Set(valid.map((name) => name.toLowerCase()));
  const unexpected = given.filter((name) => !known.has(name.toLowerCase()));
  if (unexpected.length === 0) return undefined;
  const quote = (names: readonly string[]) => names.map((name) => `'${name}'`).join(", ");
  return `Unexpected input(s) ${quote(unexpected)}, valid inputs are [${quote(valid)}]`;
}
