import { readSettings } from "../../src/shared/index.ts";
import { assembleRelayConfig, type Resolved } from "./assemble-relay-config.ts";
import type { Env } from "./config-step.ts";
import type { RelayConfig } from "./relay-config.ts";
import { RelayConfigError, type RelayConfigProblem } from "./relay-config-error.ts";
import { RELAY_CONFIG_STEPS } from "./relay-config-steps.ts";
import { type Parsed, RELAY_VARIABLES, SECRET_VARIABLES, VARIABLES } from "./relay-variables.ts";
import { misspeltHint, unknownRelayVariables } from "./unknown-relay-variables.ts";

/**
 * Resolves the relay's configuration from environment variables, once, at the edge.
 * Empty strings count as unset. Throws {@link RelayConfigError} naming every bad variable.
 */
export function resolveRelayConfig(env: Env, cwd: string = process.cwd()): RelayConfig {
  const problems: RelayConfigProblem[] = [];
  const warnings: string[] = unknownRelayVariables(env, RELAY_VARIABLES);
  const problem = (variable: string, message: string): void => {
    const raw = env[variable];
    const got = SECRET_VARIABLES.has(variable) || raw === undefined ? "" : ` (got "${raw}")`;
    const typo = raw === undefined ? misspeltHint(variable, env, RELAY_VARIABLES) : "";
    problems.push({ variable, message: `${variable} ${message}${got}${typo}` });
  };
  const refused = (variable: string) => problems.some((p) => p.variable === variable);
  // The one settings reader (src/shared/settings), as the Action reads its inputs.
  const { values, problems: refusals } = readSettings(VARIABLES, (name) => env[name]);
  for (const refusal of refusals) problem(refusal.setting, refusal.message);
  const p = values as Parsed;
  const resolved: Resolved = {
    storeUrl: "",
    routes: [],
    mentions: new Map(),
    privateKey: null,
    handlerTimeoutMs: 0,
    dedupeDays: 0,
    warnings,
    tracing: null,
  };
  for (const step of RELAY_CONFIG_STEPS)
    Object.assign(resolved, step({ env, cwd, p, problem, refused, warnings }));
  if (problems.length > 0) throw new RelayConfigError(problems);
  return assembleRelayConfig(p, resolved);
}
