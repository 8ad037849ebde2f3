import { z } from "zod";
import { ACCEPTANCE_POLICY } from "../acceptance/index.ts";
import { baseUrlProblem, parseApiKey, SUPPORTED_EXTENSIONS } from "../api/index.ts";
import { REVIEW_DEFAULTS } from "../pipeline/index.ts";
import { DEFAULT_FAIL_ON, FAIL_ON_VALUES, type FailOn } from "../policy/index.ts";
import { ActionInputError, type ActionInputProblem } from "./action-input-error.ts";

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
  /** The accepted findings file, relative to the workspace (issue 32). */
  readonly acceptedFile: string;
}

/** A `record-key` shorter than this is refused: it would be guessable. */
export const MIN_RECORD_KEY_LENGTH = 16;

/** The default of `files`: every extension of the spec's content-type list (part 8 rule 6). */
export const DEFAULT_FILE_PATTERNS: readonly string[] = Object.freeze(
  SUPPORTED_EXTENSIONS.flatMap((ext) => [`**/*${ext}`, `**/*${ext.toUpperCase()}`]),
);

/** What one input's parser says: its value, or why it cannot be used (never a secret's value). */
type Parsed<T> = { readonly value: T } | { readonly problem: string };
/** A parser of one input: its raw string, trimmed ("" when unset). */
type Parser<T> = (raw: string) => Parsed<T>;

const ok = <T>(value: T): Parsed<T> => ({ value });
const no = (problem: string): Parsed<never> => ({ problem });

const required =
  <T>(hint: string, parse: Parser<T>): Parser<T> =>
  (raw) =>
    raw === "" ? no(`is required: ${hint}`) : parse(raw);

const optional =
  <T>(parse: Parser<T>): Parser<T | undefined> =>
  (raw) =>
    raw === "" ? ok(undefined) : parse(raw);

const oneOf =
  <T extends string>(allowed: readonly T[], fallback: T): Parser<T> =>
  (raw) => {
    const value = raw === "" ? fallback : raw;
    return (allowed as readonly string[]).includes(value)
      ? ok(value as T)
      : no(`must be one of ${allowed.join(", ")} (got "${raw}").`);
  };

const BOOLEANS: Readonly<Record<string, boolean>> = Object.freeze({
  true: true,
  True: true,
  TRUE: true,
  false: false,
  False: false,
  FALSE: false,
});

const boolean =
  (fallback: boolean): Parser<boolean> =>
  (raw) => {
    if (raw === "") return ok(fallback);
    const value = BOOLEANS[raw];
    return value === undefined ? no(`must be one of true, false (got "${raw}").`) : ok(value);
  };

const integer =
  (fallback: number, min: number, max: number): Parser<number> =>
  (raw) => {
    if (raw === "") return ok(fallback);
    const n = Number(raw);
    return /^\d+$/.test(raw) && n >= min && n <= max
      ? ok(n)
      : no(`must be a whole number from ${min} to ${max} (got "${raw}").`);
  };

const httpUrl: Parser<string> = (raw) =>
  z.url({ protocol: /^https?$/ }).safeParse(raw).success
    ? ok(raw)
    : no(`must be an http(s) URL such as https://review.example.com (got "${raw}").`);

const list = (raw: string): string[] =>
  raw
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

const SIDEKICK_HINT = "name at least one sidekick id (comma- or newline-separated).";

/**
 * Every input, its parser and its default: policy as data, read in one pass that reports every
 * problem at once (as the relay reads its variables). The defaults shared with the CLI and the
 * pipeline come from {@link REVIEW_DEFAULTS}, which action.yml documents (a test compares them).
 */
const INPUTS = {
  "api-key": required(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub expression syntax, shown to the user
    "pass the workspace API key from a secret, e.g. ${{ secrets.CONTENT_REVIEW_API_KEY }}.",
    (raw) => {
      try {
        parseApiKey(raw, "It");
        return ok(raw);
      } catch (error) {
        // The key's own message, without the key: "It is not a Content Review API key ...".
        return no((error as Error).message.replace(/^It /, ""));
      }
    },
  ),
  "base-url": required("set the service address, e.g. https://review.example.com.", (raw) => {
    const problem = baseUrlProblem(raw);
    return problem === null ? ok(raw) : no(`${problem} (got "${raw}").`);
  }),
  "sidekick-ids": required(SIDEKICK_HINT, (raw) => {
    const ids = list(raw);
    return ids.length === 0 ? no(`is required: ${SIDEKICK_HINT}`) : ok(ids);
  }),
  files: (raw: string) => {
    const patterns = raw
      .split("\n")
      .map((s) => s.trim())
      .filter((s) => s.length > 0 && !s.startsWith("#"));
    return ok(patterns.length > 0 ? patterns : [...DEFAULT_FILE_PATTERNS]);
  },
  "github-token": (raw: string) => ok(raw),
  "fail-on": oneOf(FAIL_ON_VALUES, DEFAULT_FAIL_ON),
  "max-credits": optional((raw) => {
    const parsed = z.coerce.number().finite().min(0).safeParse(raw);
    return parsed.success
      ? ok(parsed.data)
      : no(`must be a number of credits, 0 or more (got "${raw}").`);
  }),
  wait: boolean(true),
  incremental: boolean(true),
  "timeout-minutes": (raw: string) => {
    if (raw === "") return ok(REVIEW_DEFAULTS.timeoutMinutes);
    const max = REVIEW_DEFAULTS.maxTimeoutMinutes;
    const parsed = z.coerce.number().finite().positive().max(max).safeParse(raw);
    return parsed.success
      ? ok(parsed.data)
      : no(`must be a number of minutes above 0 and at most ${max} (got "${raw}").`);
  },
  "retry-failed": integer(REVIEW_DEFAULTS.retryFailed, 0, REVIEW_DEFAULTS.maxRetryFailed),
  comment: oneOf(COMMENT_MODES, "review"),
  "check-name": (raw: string) => {
    const max = REVIEW_DEFAULTS.maxCheckNameLength;
    return raw.length > max
      ? no(`must be at most ${max} characters (got ${raw.length}).`)
      : ok(raw || REVIEW_DEFAULTS.checkName);
  },
  "upload-concurrency": integer(
    REVIEW_DEFAULTS.uploadConcurrency,
    1,
    REVIEW_DEFAULTS.maxUploadConcurrency,
  ),
  "relay-url": optional(httpUrl),
  "relay-token": optional((raw) => ok(raw)),
  "sarif-file": optional((raw) => ok(raw)),
  "record-key": optional((raw) =>
    raw.length < MIN_RECORD_KEY_LENGTH
      ? no(
          `must be at least ${MIN_RECORD_KEY_LENGTH} characters (got ${raw.length}): generate one with \`openssl rand -hex 32\` and pass it from a secret, or leave it empty to sign with api-key.`,
        )
      : ok(raw),
  ),
  "accepted-file": (raw: string) => {
    const path = raw || ACCEPTANCE_POLICY.defaultPath;
    return path.startsWith("/") || path.split(/[\\/]/).includes("..")
      ? no(
          `must be a path inside the repository, such as ${ACCEPTANCE_POLICY.defaultPath} (got "${raw}").`,
        )
      : ok(path.replace(/^\.\//, ""));
  },
} as const;

/** The names of the Action's inputs, as action.yml declares them. */
export const ACTION_INPUT_NAMES = Object.freeze(Object.keys(INPUTS) as (keyof typeof INPUTS)[]);

type Values = {
  -readonly [K in keyof typeof INPUTS]: ReturnType<(typeof INPUTS)[K]> extends Parsed<infer T>
    ? T
    : never;
};

/** Every input through its parser: the values, and one problem per input that has one. */
function parseInputs(getInput: (name: string) => string): {
  values: Partial<Values>;
  problems: ActionInputProblem[];
} {
  const values: Record<string, unknown> = {};
  const problems: ActionInputProblem[] = [];
  for (const [name, parse] of Object.entries(INPUTS)) {
    const result = (parse as Parser<unknown>)(getInput(name).trim());
    if ("value" in result) values[name] = result.value;
    else problems.push({ input: name, message: `Input "${name}" ${result.problem}` });
  }
  const relayUrl = values["relay-url"];
  if (relayUrl !== undefined && values["relay-token"] === undefined) {
    problems.push({
      input: "relay-token",
      message:
        'Input "relay-token" is required when relay-url is set: pass the relay\'s RELAY_TOKEN from a secret.',
    });
  }
  return { values: values as Partial<Values>, problems };
}

/**
 * Reads and validates every input once (STYLE habit 6), from one table. `getInput` returns the
 * raw string of an input, or "" when unset (like `core.getInput`). Throws one
 * {@link ActionInputError} naming every input at fault and what it allows; secrets (the API key,
 * the record key) are never repeated.
 */
export function resolveActionInputs(getInput: (name: string) => string): ActionInputs {
  const { values, problems } = parseInputs(getInput);
  if (problems.length > 0) throw ActionInputError.of(problems);
  const v = values as Values;
  return Object.freeze({
    apiKey: v["api-key"],
    baseUrl: v["base-url"],
    sidekickIds: Object.freeze(v["sidekick-ids"]),
    files: Object.freeze(v.files),
    githubToken: v["github-token"],
    failOn: v["fail-on"],
    maxCredits: v["max-credits"],
    wait: v.wait,
    incremental: v.incremental,
    timeoutMinutes: v["timeout-minutes"],
    retryFailed: v["retry-failed"],
    comment: v.comment,
    checkName: v["check-name"],
    uploadConcurrency: v["upload-concurrency"],
    relayUrl: v["relay-url"],
    relayToken: v["relay-token"],
    sarifFile: v["sarif-file"],
    recordKey: v["record-key"],
    acceptedFile: v["accepted-file"],
  });
}
