// @ts-nocheck
import { createHmac } from "node:crypto";

/** Input of {@link signGithubWebhook}. */
export interface GithubWebhookSignInput {
  /** The shared secret, used as-is (UTF-8) as the HMAC key. */
  readonly secret: string;
  /** The exact body bytes or text that is sent. */
  readonly body: string | Buffer;
}

/**
 * Signs a body the way GitHub does for `X-Hub-Signature-256`:
 * `sha256=<hex HMAC-SHA256 of the body>`.
 */
export function signGithubWebhook(input: GithubWebhookSignInput): string {
  return `sha256=${createHmac("sha256", input.secret).update(input.body).digest("hex")}`;
}
