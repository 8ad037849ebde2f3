import { type KeyEnvironment, parseApiKey } from "./api-key.ts";
import { baseUrlProblem } from "./base-url-problem.ts";

/** What is wrong with the service's key and base URL, each as the rest of a sentence. */
export interface ServiceConnectionCheck {
  /** "is missing", "is not a Content Review API key: …" (never the key), or null. */
  readonly apiKey: string | null;
  /** "is missing", "must not end in /api: …", or null. */
  readonly baseUrl: string | null;
  /** The environment the key selects, when it is a key. */
  readonly environment: KeyEnvironment | null;
}

/**
 * The one check of the service's key and base URL, shared by the CLI, the Action and the relay:
 * each host puts its own setting's name in front of the sentence and adds how to set it. Blank
 * values are missing; the key's form decides its environment (part 5 rule 2); a base URL must be
 * http(s) and must not end in `/api` (every path starts with it already).
 */
export function serviceConnectionProblems(apiKey: string, baseUrl: string): ServiceConnectionCheck {
  const key = readApiKey(apiKey);
  return {
    apiKey: "problem" in key ? key.problem : null,
    baseUrl: baseUrl.trim() === "" ? "is missing" : baseUrlProblem(baseUrl),
    environment: "environment" in key ? key.environment : null,
  };
}

/** The key's environment, or its problem as the rest of a sentence (never the key). */
export function readApiKey(apiKey: string): { environment: KeyEnvironment } | { problem: string } {
  if (apiKey.trim() === "") return { problem: "is missing" };
  try {
    return { environment: parseApiKey(apiKey, "It") };
  } catch (error) {
    // The key's own message without its subject: "It is not a Content Review API key: …".
    return { problem: (error as Error).message.replace(/^It /, "") };
  }
}
