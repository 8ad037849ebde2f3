import { redactUrl } from "../shared/redact.ts";
import { requestDeadline } from "../shared/request-deadline.ts";
import { errorFromResponse } from "./errors/error-from-response.ts";
import { HttpError } from "./errors/http-error.ts";
import { NetworkError } from "./errors/network-error.ts";
import { TimeoutError } from "./errors/timeout-error.ts";
import { CONNECT_TIMEOUT_CODE, type PlainResponse, requestOverHttp } from "./request-over-http.ts";
import { parseRetryAfter } from "./retry-policy.ts";

/** Error codes that mean the connection was never made, so the service cannot have acted. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  CONNECT_TIMEOUT_CODE,
]);

/** One HTTP attempt, fully described. */
export interface HttpAttempt {
  readonly operation: string;
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  readonly bucket?: string | undefined;
  readonly secrets: readonly (string | undefined)[];
  /** Sends through this fetch (e.g. a proxy's); undefined: Node's http client. */
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly now: () => number;
  /** The client's base URL and where users set it, for the hint of a wrong one. */
  readonly baseUrl?: URL | undefined;
  readonly baseUrlSetting?: string | undefined;
}

/** A 2xx response, parsed. */
export interface HttpSuccess {
  readonly status: number;
  readonly body: unknown;
}

/** One attempt through the given fetch, or Node's http client when there is none. */
async function send(attempt: HttpAttempt, signal: AbortSignal): Promise<PlainResponse> {
  const body = attempt.body === undefined ? undefined : JSON.stringify(attempt.body);
  const { url, method, headers } = attempt;
  if (attempt.fetch === undefined) return requestOverHttp({ url, method, headers, body, signal });
  const response = await attempt.fetch(url, { method, headers, body, signal });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    text: await response.text(),
  };
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one request and reads the whole response. A non-2xx status throws the matching
 * {@link HttpError}; a failed connection throws {@link NetworkError} (ambiguous unless the
 * connection was never made); no answer in time throws {@link TimeoutError}. A caller abort
 * rethrows the signal's reason unchanged.
 */
export async function sendRequest(attempt: HttpAttempt): Promise<HttpSuccess> {
  const { operation, secrets } = attempt;
  const deadline = requestDeadline(attempt.timeoutMs, attempt.signal);
  const where = `${attempt.method} ${redactUrl(attempt.url)}`;
  try {
    const response = await send(attempt, deadline.signal);
    const body = parseBody(response.text);
    if (response.status >= 200 && response.status < 300) {
      return { status: response.status, body };
    }
    throw errorFromResponse({
      operation,
      status: response.status,
      body,
      retryAfterSeconds: parseRetryAfter(response.retryAfter, attempt.now()),
      bucket: attempt.bucket,
      secrets,
      baseUrl:
        attempt.baseUrl === undefined ? undefined : redactUrl(attempt.baseUrl).replace(/\/$/, ""),
      baseUrlSetting: attempt.baseUrlSetting,
    });
  } catch (error) {
    if (attempt.signal?.aborted) throw attempt.signal.reason;
    if (deadline.timedOut()) {
      throw new TimeoutError(
        `${operation} got no complete response within ${attempt.timeoutMs} ms (${where}). Check that the service is reachable, or raise the timeout.`,
        { operation, ambiguous: true, timeoutMs: attempt.timeoutMs, cause: error, secrets },
      );
    }
    if (error instanceof HttpError) throw error;
    const code = errorCode(error);
    const notSent = code !== undefined && NOT_SENT_CODES.has(code);
    throw new NetworkError(
      `${operation} could not reach the service (${where}: ${code ?? (error as Error)?.message ?? "network error"}). Check the base URL and the network.`,
      { operation, ambiguous: !notSent, cause: error, secrets },
    );
  } finally {
    deadline.release();
  }
}
