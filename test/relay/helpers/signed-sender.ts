import { signWebhook, type WebhookScheme } from "../../../src/webhooks/index.ts";

export const TEST_SECRET = "whsec_dGVzdC1zZWNyZXQtZm9yLXRoZS1yZWxheS0wMTIzNDU=";
export const TEST_RELAY_TOKEN = "relay-token-for-tests-0123456789";

export interface AssetEventInput {
  readonly type?: string;
  readonly submissionId: string;
  readonly assetId: string;
  readonly status?: string;
  readonly errorMessage?: string;
  readonly issueCount?: number;
}

/** A delivered body as the service sends it (part 6: outer `type`, snake_case `data`). */
export function eventBody(input: AssetEventInput): string {
  const failed = (input.type ?? "asset.processing.completed") === "asset.processing.failed";
  return JSON.stringify({
    type: input.type ?? "asset.processing.completed",
    timestamp: new Date(0).toISOString(),
    data: {
      asset_id: input.assetId,
      submission_id: input.submissionId,
      workspace_id: "00000000-0000-4000-8000-000000000000",
      status: input.status ?? (failed ? "failed" : "complete"),
      ...(failed
        ? { error_message: input.errorMessage ?? "boom" }
        : { issue_count: input.issueCount ?? 0 }),
    },
  });
}

export interface SendOptions {
  readonly id: string;
  readonly body: string;
  readonly secret?: string;
  readonly scheme?: WebhookScheme;
  /** Seconds since the epoch. @default now */
  readonly timestamp?: number;
  readonly headers?: Record<string, string>;
}

/** Signs and posts one delivery to the relay's webhook route, as the service would. */
export async function sendSigned(relayUrl: string, options: SendOptions): Promise<Response> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers = signWebhook({
    scheme: options.scheme ?? "standard-webhooks",
    secret: options.secret ?? TEST_SECRET,
    id: options.id,
    timestamp,
    body: options.body,
  });
  return fetch(`${relayUrl}/webhooks/content-review`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers, ...options.headers },
    body: options.body,
  });
}

/**
 * Polls `check` until it returns true, at most `timeoutMs`; throws with `what` otherwise. The
 * bound guards against a hang; it says nothing about speed (two suites at once on two cores
 * take their time), so the default is generous.
 */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
