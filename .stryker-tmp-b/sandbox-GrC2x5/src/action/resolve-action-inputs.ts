// @ts-nocheck
import { z } from "zod";
import { isConfigurationError, parseApiKey, SUPPORTED_EXTENSIONS } from "../api/index.ts";
import { DEFAULT_FAIL_ON, FAIL_ON_VALUES, type FailOn } from "../policy/index.ts";
import { ActionInputError } from "./action-input-error.ts";

/** Values of the `comment` input. */
export const COMMENT_MODES = Object.freeze(["review", "summary-only", "none"] as const);
export type CommentMode = (typeof COMMENT_MODES)[number];

/** The Action's inputs after validation: complete, typed and frozen. */
export interface ActionInputs {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly sidekickIds: readonly string[];
  /** Glob patterns, `!` excludes. */
  readonly files: readonly string[];
  readonly githubToken: string;
  readonly failOn: FailOn;
  readonly maxCredits: number | undefined;
  readonly wait: boolean;
  /** Reuse the recorded reviews of files unchanged since an earlier run. @default true */
  readonly incremental: boolean;
  readonly timeoutMinutes: number;
  readonly retryFailed: number;
  readonly comment: CommentMode;
  readonly checkName: string;
  readonly uploadConcurrency: number;
  readonly relayUrl: string | undefined;
  readonly relayToken: string | undefined;
  readonly sarifFile: string | undefined;
  /**
   * The secret that signs the review records, when it is not `apiKey`: a dedicated one survives
   * a rotation of the API key. Undefined when the input is empty.
   */
  readonly recordKey: string | undefined;
}

/** A `record-key` shorter than this is refused: it would be guessable. */
export const MIN_RECORD_KEY_LENGTH = 16;

/** The default of `files`: every extension of the spec's content-type list (part 8 rule 6). */
export const DEFAULT_FILE_PATTERNS: readonly string[] = Object.freeze(
  SUPPORTED_EXTENSIONS.flatMap((ext) => [`**/*${ext}`, `**/*${ext.toUpperCase()}`]),
);

const TRUE = ["true", "True", "TRUE"];
const FALSE = ["false", "False", "FALSE"];

function fail(input: string, message: string): never {
  throw new ActionInputError(`Input "${input}" ${message}`, { input });
}

function oneOf<T extends string>(
  input: string,
  raw: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = raw === "" ? fallback : raw;
  if (!(allowed as readonly string[]).includes(value)) {
    fail(input, `must be one of ${allowed.join(", ")} (got "${raw}").`);
  }
  return value as T;
}

function boolean(input: string, raw: string, fallback: boolean): boolean {
  if (raw === "") return fallback;
  if (TRUE.includes(raw)) return true;
  if (FALSE.includes(raw)) return false;
  fail(input, `must be one of true, false (got "${raw}").`);
}

function integer(input: string, raw: string, fallback: number, min: number, max: number): number {
  if (raw === "") return fallback;
  const parsed = z.coerce.number().int().min(min).max(max).safeParse(raw);
  if (!parsed.success || !/^\s*\d+\s*$/.test(raw)) {
    fail(input, `must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return parsed.data;
}

function httpUrl(input: string, raw: string): string {
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(raw);
  if (!parsed.success)
    fail(input, `must be an http(s) URL such as https://review.example.com (got "${raw}").`);
  return raw;
}

function list(raw: string): string[] {
  return raw
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Reads and validates every input once (STYLE habit 6). `getInput` returns the raw string of
 * an input, or "" when unset (like `core.getInput`). Throws {@link ActionInputError} naming the
 * input and the allowed values. The API key's form is checked here too, without repeating it.
 */
export function resolveActionInputs(getInput: (name: string) => string): ActionInputs {
  const raw = (name: string) => getInput(name).trim();
  const required = (name: string, hint: string) => {
    const value = raw(name);
    if (value === "") fail(name, `is required: ${hint}`);
    return value;
  };
  const apiKey = required(
    "api-key",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub expression syntax, shown to the user
    "pass the workspace API key from a secret, e.g. ${{ secrets.CONTENT_REVIEW_API_KEY }}.",
  );
  try {
    parseApiKey(apiKey, 'Input "api-key"');
  } catch (error) {
    if (!isConfigurationError(error)) throw error;
    throw new ActionInputError(error.message, { input: "api-key", cause: error });
  }
  const baseUrl = httpUrl(
    "base-url",
    required("base-url", "set the service address, e.g. https://review.example.com."),
  );
  const sidekickHint = "name at least one sidekick id (comma- or newline-separated).";
  const sidekickIds = list(required("sidekick-ids", sidekickHint));
  if (sidekickIds.length === 0) fail("sidekick-ids", `is required: ${sidekickHint}`);
  const files = getInput("files")
    .split("\n")
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !s.startsWith("#"));
  const wait = boolean("wait", raw("wait"), true);
  const incremental = boolean("incremental", raw("incremental"), true);
  const maxCreditsRaw = raw("max-credits");
  let maxCredits: number | undefined;
  if (maxCreditsRaw !== "") {
    const parsed = z.coerce.number().finite().min(0).safeParse(maxCreditsRaw);
    if (!parsed.success)
      fail("max-credits", `must be a number of credits, 0 or more (got "${maxCreditsRaw}").`);
    maxCredits = parsed.data;
  }
  const timeoutRaw = raw("timeout-minutes");
  let timeoutMinutes = 30;
  if (timeoutRaw !== "") {
    const parsed = z.coerce.number().finite().positive().max(360).safeParse(timeoutRaw);
    if (!parsed.success)
      fail(
        "timeout-minutes",
        `must be a number of minutes above 0 and at most 360 (got "${timeoutRaw}").`,
      );
    timeoutMinutes = parsed.data;
  }
  const relayUrl = raw("relay-url") === "" ? undefined : httpUrl("relay-url", raw("relay-url"));
  const relayToken = raw("relay-token") === "" ? undefined : raw("relay-token");
  if (relayUrl !== undefined && relayToken === undefined) {
    fail(
      "relay-token",
      "is required when relay-url is set: pass the relay's RELAY_TOKEN from a secret.",
    );
  }
  const recordKey = raw("record-key") === "" ? undefined : raw("record-key");
  if (recordKey !== undefined && recordKey.length < MIN_RECORD_KEY_LENGTH)
    fail(
      "record-key",
      `must be at least ${MIN_RECORD_KEY_LENGTH} characters (got ${recordKey.length}): generate one with \`openssl rand -hex 32\` and pass it from a secret, or leave it empty to sign with api-key.`,
    );
  const checkName = raw("check-name") || "Content Review";
  if (checkName.length > 100)
    fail("check-name", `must be at most 100 characters (got ${checkName.length}).`);
  return Object.freeze({
    apiKey,
    baseUrl,
    sidekickIds: Object.freeze(sidekickIds),
    files: Object.freeze(files.length > 0 ? files : [...DEFAULT_FILE_PATTERNS]),
    githubToken: raw("github-token"),
    failOn: oneOf("fail-on", raw("fail-on"), FAIL_ON_VALUES, DEFAULT_FAIL_ON),
    maxCredits,
    wait,
    incremental,
    timeoutMinutes,
    retryFailed: integer("retry-failed", raw("retry-failed"), 2, 0, 10),
    comment: oneOf("comment", raw("comment"), COMMENT_MODES, "review"),
    checkName,
    uploadConcurrency: integer("upload-concurrency", raw("upload-concurrency"), 4, 1, 32),
    relayUrl,
    relayToken,
    sarifFile: raw("sarif-file") === "" ? undefined : raw("sarif-file"),
    recordKey,
  });
}
