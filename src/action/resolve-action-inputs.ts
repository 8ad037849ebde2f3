import { z } from "zod";
import { ACCEPTANCE_POLICY } from "../acceptance/index.ts";
import { baseUrlProblem, readApiKey, SUPPORTED_EXTENSIONS } from "../api/index.ts";
import { REVIEW_DEFAULTS } from "../pipeline/index.ts";
import { FAIL_ON_VALUES, type FailOn } from "../policy/index.ts";
import {
  applyCrossFieldRules,
  type CrossFieldRule,
  readSettings,
  type SettingsValues,
} from "../shared/index.ts";
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

/** `.mp4` as `.[mM][pP]4`: the service reads an extension in any case, so the default does too. */
const anyCase = (ext: string) => ext.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);

/**
 * The default of `files`: every extension of the spec's content-type list (part 8 rule 6), in
 * any case (`ad.Mp4` is as reviewable as `ad.mp4`).
 */
export const DEFAULT_FILE_PATTERNS: readonly string[] = Object.freeze(
  SUPPORTED_EXTENSIONS.map((ext) => `**/*${anyCase(ext)}`),
);

/** A problem's "(got …)" for a value that is not a secret. */
const got = (issue: { input?: unknown }) => `(got "${String(issue.input)}").`;

const required = (hint: string) => z.string({ error: `is required: ${hint}` });

const oneOf = <T extends string>(allowed: readonly [T, ...T[]], fallback: T) =>
  z
    .enum(allowed, { error: (issue) => `must be one of ${allowed.join(", ")} ${got(issue)}` })
    .default(fallback);

/** GitHub's YAML booleans as an input can hold them. */
const BOOLEAN_WORDS = ["true", "True", "TRUE", "false", "False", "FALSE"] as const;

const flag = (fallback: boolean) =>
  z
    .enum(BOOLEAN_WORDS, { error: (issue) => `must be one of true, false ${got(issue)}` })
    .transform((word) => word.toLowerCase() === "true")
    .default(fallback);

const integer = (fallback: number, min: number, max: number) => {
  const error = (issue: { input?: unknown }) =>
    `must be a whole number from ${min} to ${max} ${got(issue)}`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }))
    .default(fallback);
};

/** A number the schema bounds; the message says what is allowed, with the value given. */
const number = (message: string, schema: z.ZodNumber) =>
  z.string().transform((raw, ctx) => {
    const parsed = schema.safeParse(Number(raw));
    if (Number.isFinite(Number(raw)) && parsed.success) return parsed.data;
    ctx.issues.push({ code: "custom", message: `${message} (got "${raw}").`, input: raw });
    return z.NEVER;
  });

const text = z.string();

const list = (raw: string): string[] =>
  raw
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

const SIDEKICK_HINT = "name at least one sidekick id (comma- or newline-separated).";

/**
 * Every input, its schema and its default: policy as data, read by the one settings reader
 * ({@link readSettings}, as the relay reads its variables and tracing its `OTEL_*` ones) in one
 * pass that reports every problem at once. The defaults shared with the CLI and the pipeline come
 * from {@link REVIEW_DEFAULTS}, which action.yml documents (a test compares them).
 */
const INPUTS = {
  "api-key": required(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub expression syntax, shown to the user
    "pass the workspace API key from a secret, e.g. ${{ secrets.CONTENT_REVIEW_API_KEY }}.",
  ).check((ctx) => {
    const key = readApiKey(ctx.value);
    if ("problem" in key) ctx.issues.push({ code: "custom", message: key.problem, input: "" });
  }),
  "base-url": required("set the service address, e.g. https://review.example.com.").check((ctx) => {
    const problem = baseUrlProblem(ctx.value);
    if (problem !== null)
      ctx.issues.push({
        code: "custom",
        message: `${problem} ${got({ input: ctx.value })}`,
        input: ctx.value,
      });
  }),
  "sidekick-ids": required(SIDEKICK_HINT)
    .transform(list)
    .pipe(z.array(z.string()).min(1, `is required: ${SIDEKICK_HINT}`)),
  files: text
    .transform((raw) =>
      raw
        .split("\n")
        .map((s) => s.trim())
        .filter((s) => s.length > 0 && !s.startsWith("#")),
    )
    .transform((patterns) => (patterns.length > 0 ? patterns : [...DEFAULT_FILE_PATTERNS]))
    .default([...DEFAULT_FILE_PATTERNS]),
  "github-token": text.default(""),
  "fail-on": oneOf(FAIL_ON_VALUES, REVIEW_DEFAULTS.failOn),
  "max-credits": number("must be a number of credits, 0 or more", z.number().min(0)).optional(),
  wait: flag(true),
  incremental: flag(true),
  "timeout-minutes": number(
    `must be a number of minutes above 0 and at most ${REVIEW_DEFAULTS.maxTimeoutMinutes}`,
    z.number().positive().max(REVIEW_DEFAULTS.maxTimeoutMinutes),
  ).default(REVIEW_DEFAULTS.timeoutMinutes),
  "retry-failed": integer(REVIEW_DEFAULTS.retryFailed, 0, REVIEW_DEFAULTS.maxRetryFailed),
  comment: oneOf(COMMENT_MODES, "review"),
  "check-name": text
    .max(REVIEW_DEFAULTS.maxCheckNameLength, {
      error: (issue) =>
        `must be at most ${REVIEW_DEFAULTS.maxCheckNameLength} characters (got ${String(issue.input).length}).`,
    })
    .default(REVIEW_DEFAULTS.checkName),
  "upload-concurrency": integer(
    REVIEW_DEFAULTS.uploadConcurrency,
    1,
    REVIEW_DEFAULTS.maxUploadConcurrency,
  ),
  "relay-url": z
    .url({
      protocol: /^https?$/,
      error: (issue) => `must be an http(s) URL such as https://review.example.com ${got(issue)}`,
    })
    .optional(),
  "relay-token": text.optional(),
  "sarif-file": text.optional(),
  "record-key": text
    .min(MIN_RECORD_KEY_LENGTH, {
      error: (issue) =>
        `must be at least ${MIN_RECORD_KEY_LENGTH} characters (got ${String(issue.input).length}): generate one with \`openssl rand -hex 32\` and pass it from a secret, or leave it empty to sign with api-key.`,
    })
    .optional(),
  "accepted-file": text
    .refine((path) => !path.startsWith("/") && !path.split(/[\\/]/).includes(".."), {
      error: (issue) =>
        `must be a path inside the repository, such as ${ACCEPTANCE_POLICY.defaultPath} ${got(issue)}`,
    })
    .transform((path) => path.replace(/^\.\//, ""))
    .default(ACCEPTANCE_POLICY.defaultPath),
} as const;

/** The names of the Action's inputs, as action.yml declares them. */
export const ACTION_INPUT_NAMES = Object.freeze(Object.keys(INPUTS) as (keyof typeof INPUTS)[]);

type Values = SettingsValues<typeof INPUTS>;

/** A relay needs its token: the link is refused without it. */
const relayTokenWithRelayUrl: CrossFieldRule<Partial<Values>> = (v, refused) =>
  v["relay-url"] !== undefined && v["relay-token"] === undefined && !refused.has("relay-token")
    ? [
        {
          setting: "relay-token",
          message: "is required when relay-url is set: pass the relay's RELAY_TOKEN from a secret.",
        },
      ]
    : [];

/** The rules across inputs, in the order their problems are listed. */
const CROSS_INPUT_RULES: readonly CrossFieldRule<Partial<Values>>[] = [relayTokenWithRelayUrl];

/** Every input through the one settings reader, then the rules across inputs. */
function parseInputs(getInput: (name: string) => string): {
  values: Partial<Values>;
  problems: ActionInputProblem[];
} {
  const { values, problems } = readSettings(INPUTS, (name) => getInput(name).trim());
  const all = [...problems, ...applyCrossFieldRules(CROSS_INPUT_RULES, values, problems)];
  return {
    values,
    problems: all.map((p) => ({ input: p.setting, message: `Input "${p.setting}" ${p.message}` })),
  };
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
