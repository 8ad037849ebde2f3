import { parseArgs } from "node:util";

/** The script's own options: each also reaches it as `npm_config_<name>` when npm took it. */
const OPTIONS = { "skip-tests": { type: "boolean", default: false } } as const;

const USAGE = "npm run release -- <X.Y.Z> [--skip-tests]";

/** What `npm run release -- …` was asked, or why its arguments are refused (one line each). */
export type ReleaseArguments =
  | { readonly ok: true; readonly version: string; readonly skipTests: boolean }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Reads the release's arguments. Refuses what it does not know, and an option that npm took as
 * its own setting: `npm run release 1.0.0 --skip-tests` (no `--`) passes only `1.0.0` and sets
 * `npm_config_skip_tests`, so the script would run what the user asked to skip.
 */
export function releaseArguments(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ReleaseArguments {
  const problems: string[] = [];
  let parsed: { positionals: string[]; values: { "skip-tests"?: boolean } };
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? String(error);
    return { ok: false, problems: [`Unknown option "${option}": the script takes ${USAGE}.`] };
  }
  const [version = "", ...extra] = parsed.positionals;
  if (extra.length > 0)
    problems.push(
      `Unexpected argument${extra.length === 1 ? "" : "s"} ${extra.map((a) => `"${a}"`).join(", ")}: the script takes ${USAGE}.`,
    );
  for (const name of Object.keys(OPTIONS)) {
    const npmSetting = `npm_config_${name.replaceAll("-", "_")}`;
    if (env[npmSetting] !== undefined && !argv.includes(`--${name}`))
      problems.push(
        `npm took --${name} as its own setting (${npmSetting} is set), so the script never saw it: put -- before the script's arguments, e.g. npm run release -- ${version || "1.0.0"} --${name}.`,
      );
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, version, skipTests: parsed.values["skip-tests"] === true };
}
