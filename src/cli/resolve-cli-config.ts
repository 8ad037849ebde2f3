import { z } from "zod";
import { type KeyEnvironment, parseApiKey, redact } from "../api/index.ts";
import { CliUsageError } from "./cli-usage-error.ts";
import { unknownVariablesHint } from "./unknown-variables-hint.ts";

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

const schema = z.object({
  apiKey: z.string({ error: "is missing" }).trim().min(1, { error: "is missing" }),
  baseUrl: z
    .string({ error: "is missing" })
    .trim()
    .min(1, { error: "is missing" })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: "must be an http(s) URL such as https://review.example.com",
    }),
});

const HOW_TO_SET = {
  apiKey:
    "Set CONTENT_REVIEW_API_KEY (or pass --api-key) to a workspace API key (sk_live_... or sk_test_...)",
  baseUrl: "Set CONTENT_REVIEW_BASE_URL (or pass --base-url) to the service address",
} as const;

/**
 * Resolves the API key and base URL from flags or `CONTENT_REVIEW_API_KEY` /
 * `CONTENT_REVIEW_BASE_URL`. Messages name the setting and how to fix it, never the key.
 */
export function resolveCliConfig(sources: CliConfigSources): CliConfig {
  const apiKey = sources.apiKeyFlag ?? sources.env.CONTENT_REVIEW_API_KEY;
  const parsed = schema.safeParse({
    apiKey,
    baseUrl: sources.baseUrlFlag ?? sources.env.CONTENT_REVIEW_BASE_URL,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] as keyof typeof HOW_TO_SET;
    const label = field === "apiKey" ? "The API key" : "The base URL";
    const got =
      field === "baseUrl" && typeof sources.baseUrlFlag === "string"
        ? ` (got "${redact(sources.baseUrlFlag, [apiKey])}")`
        : "";
    const missing = issue.message === "is missing" ? unknownVariablesHint(sources.env) : "";
    throw new CliUsageError(`${label} ${issue.message}${got}. ${HOW_TO_SET[field]}.${missing}`, {
      input: field === "apiKey" ? "--api-key" : "--base-url",
    });
  }
  let environment: KeyEnvironment;
  try {
    environment = parseApiKey(parsed.data.apiKey, "The API key");
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message} ${HOW_TO_SET.apiKey}.`, {
      input: "--api-key",
      cause: error,
    });
  }
  return Object.freeze({
    apiKey: parsed.data.apiKey,
    baseUrl: parsed.data.baseUrl.replace(/\/+$/, ""),
    baseUrlSetting: sources.baseUrlFlag === undefined ? "CONTENT_REVIEW_BASE_URL" : "--base-url",
    environment,
  });
}
