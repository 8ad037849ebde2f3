import { baseUrlProblem, type KeyEnvironment, parseApiKey, redact } from "../api/index.ts";
import { CliUsageError } from "./cli-usage-error.ts";

/** The connection settings of the CLI, resolved once: complete and frozen. */
export interface CliConfig {
  readonly apiKey: string;
  readonly baseUrl: string;
  /** Where the base URL came from, named when it turns out wrong. */
  readonly baseUrlSetting: "--base-url" | "CONTENT_REVIEW_BASE_URL";
  readonly environment: KeyEnvironment;
}

/** Where the settings come from: flags win over environment variables. */
export interface CliConfigSources {
  readonly apiKeyFlag?: string | undefined;
  readonly baseUrlFlag?: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const HOW_TO_SET = {
  apiKey:
    "Set CONTENT_REVIEW_API_KEY (or pass --api-key) to a workspace API key (sk_live_... or sk_test_...)",
  baseUrl: "Set CONTENT_REVIEW_BASE_URL (or pass --base-url) to the service address",
} as const;

/** The API key's problem as a sentence (never the key), or its environment. */
function checkApiKey(apiKey: string): { problem: string } | { environment: KeyEnvironment } {
  if (apiKey === "") return { problem: `The API key is missing. ${HOW_TO_SET.apiKey}.` };
  try {
    return { environment: parseApiKey(apiKey, "The API key") };
  } catch (error) {
    return { problem: `${(error as Error).message} ${HOW_TO_SET.apiKey}.` };
  }
}

/** The base URL's problem as a sentence, naming where it came from, or null. */
function checkBaseUrl(baseUrl: string, sources: CliConfigSources, apiKey: string): string | null {
  if (baseUrl === "") return `The base URL is missing. ${HOW_TO_SET.baseUrl}.`;
  const problem = baseUrlProblem(baseUrl);
  if (problem === null) return null;
  const setting = sources.baseUrlFlag === undefined ? "CONTENT_REVIEW_BASE_URL" : "--base-url";
  return `The base URL (${setting}) ${problem} (got "${redact(baseUrl, [apiKey])}"). ${HOW_TO_SET.baseUrl}.`;
}

/**
 * Resolves the API key and base URL from flags or `CONTENT_REVIEW_API_KEY` /
 * `CONTENT_REVIEW_BASE_URL`, before any request. Every problem is named in one usage error, with
 * the setting and how to fix it, never the key. A base URL ending in `/api` is refused.
 */
export function resolveCliConfig(sources: CliConfigSources): CliConfig {
  const apiKey = (sources.apiKeyFlag ?? sources.env.CONTENT_REVIEW_API_KEY ?? "").trim();
  const baseUrl = (sources.baseUrlFlag ?? sources.env.CONTENT_REVIEW_BASE_URL ?? "").trim();
  const key = checkApiKey(apiKey);
  const urlProblem = checkBaseUrl(baseUrl, sources, apiKey);
  const problems = [
    ...("problem" in key ? [{ input: "--api-key", message: key.problem }] : []),
    ...(urlProblem === null ? [] : [{ input: "--base-url", message: urlProblem }]),
  ];
  if ("problem" in key || problems.length > 0) throw CliUsageError.of(problems);
  return Object.freeze({
    apiKey,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    baseUrlSetting: sources.baseUrlFlag === undefined ? "CONTENT_REVIEW_BASE_URL" : "--base-url",
    environment: key.environment,
  });
}
