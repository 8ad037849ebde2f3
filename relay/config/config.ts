import type { z } from "zod";
import { assembleRelayConfig, type Resolved } from "./assemble-relay-config.ts";
import type { Env } from "./config-step.ts";
import type { RelayConfig } from "./relay-config.ts";
import { RelayConfigError, type RelayConfigProblem } from "./relay-config-error.ts";
import { RELAY_CONFIG_STEPS } from "./relay-config-steps.ts";
import { type Parsed, RELAY_VARIABLES, SECRET_VARIABLES, VARIABLES } from "./relay-variables.ts";
import { misspeltHint, unknownRelayVariables } from "./unknown-relay-variables.ts";

/** Each variable through its own parser; a refused one is reported and left undefined. */
function parseVariables(env: Env, problem: (variable: string, message: string) => void): Parsed {
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(VARIABLES)) {
    const raw = env[name];
    const result = (schema as z.ZodType).safeParse(raw === "" ? undefined : raw);
    if (result.success) parsed[name] = result.data;
    else problem(name, result.error.issues[0]?.message ?? "is invalid");
  }
  return parsed as Parsed;
}

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
  const p = parseVariables(env, problem);
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
