import type { Resolved } from "./assemble-relay-config.ts";
import type { Parsed } from "./relay-variables.ts";

/** The environment the relay reads, as strings. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Reports a problem with one variable (the message follows its name). */
export type Problem = (variable: string, message: string) => void;

/** What one step of resolving the configuration reads. */
export interface StepInput {
  readonly env: Env;
  readonly cwd: string;
  /** The variables their own parsers accepted (a refused one is undefined). */
  readonly p: Parsed;
  readonly problem: Problem;
  /** True when `variable` was already refused: "is required" would contradict that line. */
  readonly refused: (variable: string) => boolean;
  /** What is allowed but probably wrong, one sentence each; steps append to it. */
  readonly warnings: string[];
}

/**
 * One named step: a check across variables, or a resolver that returns what it derived
 * (a resolved store URL, the Slack lists, the attempt deadline).
 */
export type ConfigStep = (input: StepInput) => Partial<Resolved> | undefined;
