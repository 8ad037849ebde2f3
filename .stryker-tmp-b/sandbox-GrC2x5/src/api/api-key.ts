// @ts-nocheck
import { ConfigurationError } from "./errors/configuration-error.ts";

/** Live keys: `sk_live_` and 64 hex characters (part 5 rule 2). */
const LIVE_KEY = /^sk_live_[0-9a-fA-F]{64}$/;
/** Sandbox keys: `sk_test_` and a token (its length is not given by the spec). */
const SANDBOX_KEY = /^sk_test_[A-Za-z0-9_-]{8,}$/;

/** The environment a key selects (part 5 rule 2: the prefix alone decides). */
export type KeyEnvironment = "live" | "sandbox";

/**
 * Checks the form of an API key before any request and tells which environment it selects.
 * The message never repeats the key.
 */
export function parseApiKey(apiKey: unknown, input = "apiKey"): KeyEnvironment {
  if (typeof apiKey !== "string" || apiKey.trim() === "") {
    throw new ConfigurationError(
      `${input} is missing. Set it to a workspace API key (sk_live_... or sk_test_...).`,
      { input },
    );
  }
  const key = apiKey.trim();
  if (LIVE_KEY.test(key)) return "live";
  if (SANDBOX_KEY.test(key)) return "sandbox";
  const shape = key.startsWith("sk_live_")
    ? "it starts with sk_live_ but is not followed by 64 hex characters"
    : key.startsWith("sk_test_")
      ? "it starts with sk_test_ but the rest is too short or has invalid characters"
      : `it does not start with sk_live_ or sk_test_ (${key.length} characters given)`;
  throw new ConfigurationError(
    `${input} is not a Content Review API key: ${shape}. Use the key shown once when it was created in the control plane (sk_live_ followed by 64 hex characters, or sk_test_ for the sandbox).`,
    { input, secrets: [key] },
  );
}
