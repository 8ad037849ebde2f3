import { redactUrl } from "../shared/redact.ts";
import { sleep } from "../shared/sleep.ts";
import { ambiguousFailure } from "./ambiguous-failure.ts";
import type { ResolvedClientOptions } from "./client-options.ts";
import { type OperationId, operations } from "./generated/operations.gen.ts";
import { type CallSpec, operationUrl } from "./operation-url.ts";
import { decideRetry } from "./retry-policy.ts";
import { sendRequest } from "./send-request.ts";
import { validateResponse } from "./validate-response.ts";

export type { CallSpec } from "./operation-url.ts";

/** What {@link callOperation} works with: the client's options, its User-Agent and secrets. */
export interface OperationContext {
  readonly options: ResolvedClientOptions;
  readonly userAgent: string;
  /** Kept out of every error message (the API key). */
  readonly secrets: readonly string[];
}

/**
 * One call of an operation of the spec, as every client method makes it: the URL, the key and
 * JSON headers, attempts with the request and response events, retries by the client's policy
 * (backoff, `Retry-After`, never replaying an unsafe operation after an ambiguous failure), and
 * the response validated against the operation's schema.
 */
export async function callOperation<R>(
  context: OperationContext,
  operation: OperationId,
  spec: CallSpec,
): Promise<R> {
  const { options, secrets } = context;
  const op = operations[operation];
  const url = operationUrl(options.baseUrl, operation, spec);
  const headers: Record<string, string> = {
    "X-API-Key": options.apiKey,
    Accept: "application/json",
    "User-Agent": context.userAgent,
  };
  if (spec.body !== undefined) headers["Content-Type"] = "application/json";
  const started = options.now();
  const event = { operation, method: op.method, url: redactUrl(url) };

  for (let attempt = 1; ; attempt++) {
    options.onRequest?.({ ...event, attempt });
    const attemptStarted = options.now();
    try {
      const response = await sendRequest({
        operation,
        method: op.method,
        url,
        headers,
        body: spec.body,
        timeoutMs: options.timeoutMs,
        signal: spec.signal,
        bucket: op.bucket,
        secrets,
        fetch: options.fetch,
        now: options.now,
        baseUrl: options.baseUrl,
        baseUrlSetting: options.baseUrlSetting,
      });
      options.onResponse?.({
        ...event,
        attempt,
        status: response.status,
        durationMs: options.now() - attemptStarted,
      });
      return validateResponse<R>(operation, response.body, secrets);
    } catch (error) {
      const status = (error as { status?: number }).status;
      options.onResponse?.({
        ...event,
        attempt,
        status,
        durationMs: options.now() - attemptStarted,
        error: error as Error,
      });
      const decision = decideRetry({
        operation,
        error,
        attempt,
        elapsedMs: options.now() - started,
        policy: options.retry,
        random: options.random,
      });
      if (!decision.retry) throw ambiguousFailure(operation, error, secrets);
      options.onRetry?.({
        operation,
        attempt,
        delayMs: decision.delayMs,
        reason: decision.reason,
        error: error as Error,
      });
      await sleep(decision.delayMs, spec.signal);
    }
  }
}
