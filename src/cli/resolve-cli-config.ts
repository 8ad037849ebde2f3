import { type KeyEnvironment, redact, serviceConnectionProblems } from "../api/index.ts";
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

/** Ends a sentence once. */
const sentence = (text: string): string => (text.endsWith(".") ? text : `${text}.`);

/** The base URL's problem as a sentence naming where it came from (a missing one names both). */
function baseUrlMessage(problem: string, baseUrl: string, setting: string, apiKey: string): string {
  if (baseUrl === "") return `The base URL is missing. ${HOW_TO_SET.baseUrl}.`;
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
  const check = serviceConnectionProblems(apiKey, baseUrl);
  const setting = sources.baseUrlFlag === undefined ? "CONTENT_REVIEW_BASE_URL" : "--base-url";
  const problems = [
    ...(check.apiKey === null
      ? []
      : [
          {
            input: "--api-key",
            message: `The API key ${sentence(check.apiKey)} ${HOW_TO_SET.apiKey}.`,
          },
        ]),
    ...(check.baseUrl === null
      ? []
      : [
          { input: "--base-url", message: baseUrlMessage(check.baseUrl, baseUrl, setting, apiKey) },
        ]),
  ];
  if (check.environment === null || problems.length > 0) throw CliUsageError.of(problems);
  return Object.freeze({
    apiKey,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    baseUrlSetting: setting,
    environment: check.environment,
  });
}
