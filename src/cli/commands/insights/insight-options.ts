import { Option } from "commander";
import { intInRange } from "../../option-parsers.ts";

/** `--days`: the period of part 4.13's first parameter, 1 to 365. */
export const daysOption = (fallback?: number): Option => {
  const option = new Option("--days <n>", "period in days, 1 to 365").argParser(intInRange(1, 365));
  return fallback === undefined ? option : option.default(fallback);
};

/** `--baseline`: time-saved's second parameter, at least 0. */
export const baselineOption = (): Option =>
  new Option("--baseline <seconds>", "manual review time per asset to compare with").argParser(
    intInRange(0),
  );

/** `--limit`: top-violations' second parameter, 1 to 50. */
export const limitOption = (): Option =>
  new Option("--limit <n>", "how many rules to rank, 1 to 50").argParser(intInRange(1, 50));
