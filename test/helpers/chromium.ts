/**
 * The browser tests (the insights report in headless Chromium) need Debian's chromium. Outside
 * CI a machine without it skips them, with one loud line saying how to install it; under
 * `CI=true` they run and fail, so that CI never passes without them. The skip depends on what
 * is installed, never on the test: a machine with Chromium always runs them.
 */
import { existsSync } from "node:fs";
import { describe } from "vitest";

/** Where Chromium is looked for: Debian's package (`apt-get install chromium`), or `CHROMIUM_PATH`. */
export function chromiumPath(env: Readonly<Record<string, string | undefined>> = process.env) {
  return env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

/** Run the browser tests, or skip them (Chromium missing outside CI). */
export function chromiumTests(
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (path: string) => boolean = existsSync,
): "run" | "skip" {
  return exists(chromiumPath(env)) || env.CI === "true" ? "run" : "skip";
}

/** The line printed once per run when the browser tests are skipped. */
export function chromiumMissingNotice(env = process.env): string {
  return `!!! Chromium is not installed (${chromiumPath(env)}): the browser tests of the insights report are SKIPPED. Install it with \`sudo apt-get install chromium\` (or set CHROMIUM_PATH); with CI=true they fail instead. !!!`;
}

/** `describe` for browser tests: skipped when {@link chromiumTests} says so. */
export const describeWithChromium = chromiumTests() === "run" ? describe : describe.skip;
