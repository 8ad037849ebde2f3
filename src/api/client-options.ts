import { z } from "zod";
import { baseUrlProblem } from "./base-url-problem.ts";
import { ConfigurationError } from "./errors/configuration-error.ts";
import { DEFAULT_BASE_URL_SETTING } from "./errors/wrong-base-url.ts";
import type { ProxyRoutes } from "./proxy-from-env.ts";
import { type RetryPolicy, resolveRetryPolicy } from "./retry-policy.ts";

/** Emitted before every HTTP attempt. URLs are redacted (no query string). */
export interface RequestEvent {
  readonly operation: string;
  readonly method: string;
  readonly url: string;
  /** 1-based attempt number. */
  readonly attempt: number;
}

/** Emitted after every HTTP attempt, successful or not. */
export interface ResponseEvent extends RequestEvent {
  /** HTTP status, or undefined when no response arrived. */
  readonly status: number | undefined;
  readonly durationMs: number;
  readonly error?: Error | undefined;
}

/** Emitted before waiting to retry. */
export interface RetryEvent {
  readonly operation: string;
  /** The attempt that failed. */
  readonly attempt: number;
  readonly delayMs: number;
  readonly reason: string;
  readonly error: Error;
}

/** Options of {@link ContentReviewClient}. */
export interface ClientOptions {
  /** Workspace API key, `sk_live_...` or `sk_test_...`. Sent as `X-API-Key`. */
  readonly apiKey: string;
  /** The service address, e.g. `https://review.example.com` (paths start with `/api`). */
  readonly baseUrl: string;
  /**
   * Where your users set the base URL (`CONTENT_REVIEW_BASE_URL`, `--base-url`, an input), named
   * by the hint of a 404 from an endpoint the service always has. @default "the base URL"
   */
  readonly baseUrlSetting?: string;
  /** Who is calling, for the User-Agent: `action`, `relay`, `cli` or your own name. @default "library" */
  readonly caller?: string;
  /** Timeout of one HTTP attempt. @default 30000 */
  readonly timeoutMs?: number;
  /** Retry policy overrides; unset fields keep {@link DEFAULT_RETRY_POLICY}. */
  readonly retry?: Partial<RetryPolicy>;
  readonly onRequest?: (event: RequestEvent) => void;
  readonly onResponse?: (event: ResponseEvent) => void;
  readonly onRetry?: (event: RetryEvent) => void;
  /** The fetch implementation. @default `proxy.fetch`, else Node's http client (no fetch) */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * Send every request, uploads to storage included, through these proxies; build them with
   * `proxyFromEnv(process.env)`. @default direct connections
   */
  readonly proxy?: ProxyRoutes | undefined;
  /** Source of jitter in [0, 1). @default Math.random */
  readonly random?: () => number;
  /** Clock in ms. @default Date.now */
  readonly now?: () => number;
}

/** Options after resolution: complete and frozen. */
export interface ResolvedClientOptions {
  readonly apiKey: string;
  readonly baseUrl: URL;
  readonly baseUrlSetting: string;
  readonly caller: string;
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  readonly onRequest: ((event: RequestEvent) => void) | undefined;
  readonly onResponse: ((event: ResponseEvent) => void) | undefined;
  readonly onRetry: ((event: RetryEvent) => void) | undefined;
  /** Undefined: requests go through Node's http client (see `request-over-http.ts`). */
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly proxy: ProxyRoutes | undefined;
  readonly random: () => number;
  readonly now: () => number;
}

const scalars = z.object({
  baseUrl: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = baseUrlProblem(value);
      if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
    }),
  caller: z.string().trim().min(1).default("library"),
  timeoutMs: z.number().int().positive().default(30_000),
  retry: z
    .object({
      maxAttempts: z.number().int().min(1).optional(),
      baseDelayMs: z.number().min(0).optional(),
      maxDelayMs: z.number().min(0).optional(),
      maxElapsedMs: z.number().min(0).optional(),
      retryStatuses: z.array(z.number().int()).optional(),
      retryNetworkErrors: z.boolean().optional(),
    })
    .default({}),
});

/** Validates and completes client options once (the key's form is checked by `parseApiKey`). */
export function resolveClientOptions(options: ClientOptions): ResolvedClientOptions {
  const parsed = scalars.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const input = issue.path.join(".") || "options";
    // The base URL is named as the caller's users set it (`--base-url`, an input, a variable).
    const setting = input === "baseUrl" ? options.baseUrlSetting?.trim() : undefined;
    throw new ConfigurationError(`${setting || `Client option "${input}"`} ${issue.message}.`, {
      input,
      secrets: [options.apiKey],
    });
  }
  const base = new URL(parsed.data.baseUrl);
  // Paths are joined to the base, so keep a trailing slash off and any path prefix on.
  base.pathname = base.pathname.replace(/\/+$/, "");
  return Object.freeze({
    apiKey: options.apiKey.trim(),
    baseUrl: base,
    baseUrlSetting: options.baseUrlSetting?.trim() || DEFAULT_BASE_URL_SETTING,
    caller: parsed.data.caller,
    timeoutMs: parsed.data.timeoutMs,
    retry: resolveRetryPolicy(parsed.data.retry),
    onRequest: options.onRequest,
    onResponse: options.onResponse,
    onRetry: options.onRetry,
    fetch: options.fetch ?? options.proxy?.fetch,
    proxy: options.proxy,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
  });
}
