import { createHmac } from "node:crypto";
import { standardWebhookKey } from "./sign-standard-webhook.ts";
import { timingSafeEqualBytes } from "./timing-safe-equal-bytes.ts";
import type { WebhookScheme } from "./webhook-scheme.ts";

/** Header values as Node or Express hand them over; names are matched case-insensitively. */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Input of {@link verifyWebhook}. */
export interface VerifyWebhookInput {
  readonly scheme: WebhookScheme;
  /** One or more secrets; any of them may match, so a secret can be rotated without downtime. */
  readonly secrets: readonly string[];
  readonly headers: WebhookHeaders;
  /** The body exactly as received, before any JSON parsing. */
  readonly rawBody: Buffer | string;
  /**
   * Allowed distance between the signed timestamp and `now`, both ways, in seconds.
   * @default 300
   */
  readonly toleranceSeconds?: number;
  /**
   * The current time in milliseconds since the epoch.
   * @default Date.now()
   */
  readonly now?: number;
}

/** Why a delivery was refused, as a stable machine-readable word (also a metrics label). */
export type WebhookRejectReason =
  | "no-secrets"
  | "missing-headers"
  | "malformed-headers"
  | "stale"
  | "future"
  | "bad-signature";

/** The verdict of {@link verifyWebhook}. */
export type WebhookVerdict =
  | {
      readonly ok: true;
      /** The sender's message id (`webhook-id` or `x-github-delivery`), or null if none was sent. */
      readonly id: string | null;
      /** The signed timestamp in seconds, or null for `github`, which signs none. */
      readonly timestamp: number | null;
      /** Which of `secrets` matched: tells an operator when an old secret can be dropped. */
      readonly secretIndex: number;
    }
  | { readonly ok: false; readonly reason: WebhookRejectReason; readonly message: string };

interface SchemeParts {
  readonly id: string | null;
  readonly timestamp: number | null;
  /** Signatures offered by the sender, decoded to bytes. */
  readonly offered: readonly Buffer[];
  /** Computes the expected signature bytes for one secret. */
  readonly expected: (secret: string) => Buffer;
}

type ParseResult = SchemeParts | { readonly reason: WebhookRejectReason; readonly message: string };

const TIMESTAMP = /^\d{1,15}$/;

function header(headers: WebhookHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const v = Array.isArray(value) ? value[0] : value;
    return typeof v === "string" && v.length > 0 ? v : undefined;
  }
  return undefined;
}

function missing(names: string): ParseResult {
  return { reason: "missing-headers", message: `Missing header(s): ${names}` };
}

function malformed(message: string): ParseResult {
  return { reason: "malformed-headers", message };
}

function parseStandard(headers: WebhookHeaders, body: Buffer): ParseResult {
  const id = header(headers, "webhook-id");
  const ts = header(headers, "webhook-timestamp");
  const sig = header(headers, "webhook-signature");
  if (id === undefined || ts === undefined || sig === undefined) {
    return missing("webhook-id, webhook-timestamp, webhook-signature");
  }
  if (!TIMESTAMP.test(ts)) return malformed("webhook-timestamp must be whole seconds since 1970");
  // "v1,<base64> v1,<base64>": several signatures while the sender rotates; other versions are skipped.
  const offered = sig
    .split(" ")
    .map((part) => part.split(","))
    .filter((p) => p[0] === "v1" && p[1] !== undefined)
    .map((p) => Buffer.from(p[1] as string, "base64"));
  if (offered.length === 0) return malformed("webhook-signature holds no v1 signature");
  return {
    id,
    timestamp: Number(ts),
    offered,
    expected: (secret) =>
      createHmac("sha256", standardWebhookKey(secret)).update(`${id}.${ts}.`).update(body).digest(),
  };
}

function parseGithub(headers: WebhookHeaders, body: Buffer): ParseResult {
  const sig = header(headers, "x-hub-signature-256");
  if (sig === undefined) return missing("x-hub-signature-256");
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(sig);
  if (match === null) return malformed("x-hub-signature-256 must be sha256=<64 hex digits>");
  return {
    id: header(headers, "x-github-delivery") ?? header(headers, "webhook-id") ?? null,
    timestamp: null,
    offered: [Buffer.from(match[1] as string, "hex")],
    expected: (secret) => createHmac("sha256", secret).update(body).digest(),
  };
}

function parseStripe(headers: WebhookHeaders, body: Buffer): ParseResult {
  const sig = header(headers, "stripe-signature");
  if (sig === undefined) return missing("stripe-signature");
  let ts: string | undefined;
  const offered: Buffer[] = [];
  for (const item of sig.split(",")) {
    const eq = item.indexOf("=");
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t") ts = value;
    else if (key === "v1" && /^[0-9a-fA-F]{64}$/.test(value))
      offered.push(Buffer.from(value, "hex"));
  }
  if (ts === undefined || !TIMESTAMP.test(ts)) {
    return malformed("stripe-signature must carry t=<seconds since 1970>");
  }
  if (offered.length === 0) return malformed("stripe-signature holds no v1 signature");
  const t = ts;
  return {
    id: header(headers, "webhook-id") ?? null,
    timestamp: Number(t),
    offered,
    expected: (secret) => createHmac("sha256", secret).update(`${t}.`).update(body).digest(),
  };
}

const PARSERS: Record<WebhookScheme, (headers: WebhookHeaders, body: Buffer) => ParseResult> = {
  "standard-webhooks": parseStandard,
  github: parseGithub,
  stripe: parseStripe,
};

/**
 * Verifies one webhook delivery against the raw body, framework-free: headers and bytes in,
 * a verdict out. Signatures are compared in constant time against every secret, and the
 * timestamp (where the scheme signs one) must lie within `toleranceSeconds` of `now`.
 */
export function verifyWebhook(input: VerifyWebhookInput): WebhookVerdict {
  const secrets = input.secrets.filter((s) => s.length > 0);
  if (secrets.length === 0) {
    return { ok: false, reason: "no-secrets", message: "No webhook secret is configured" };
  }
  const body = typeof input.rawBody === "string" ? Buffer.from(input.rawBody) : input.rawBody;
  const parts = PARSERS[input.scheme](input.headers, body);
  if ("reason" in parts) return { ok: false, ...parts };

  if (parts.timestamp !== null) {
    const tolerance = input.toleranceSeconds ?? 300;
    const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
    if (parts.timestamp < nowSeconds - tolerance) {
      return { ok: false, reason: "stale", message: "Timestamp is older than the tolerance" };
    }
    if (parts.timestamp > nowSeconds + tolerance) {
      return { ok: false, reason: "future", message: "Timestamp is too far in the future" };
    }
  }

  for (const [index, secret] of secrets.entries()) {
    const expected = parts.expected(secret);
    // Check every offered signature without an early exit, so timing does not tell which matched.
    let matched = false;
    for (const offered of parts.offered)
      matched = timingSafeEqualBytes(offered, expected) || matched;
    if (matched) {
      return { ok: true, id: parts.id, timestamp: parts.timestamp, secretIndex: index };
    }
  }
  return {
    ok: false,
    reason: "bad-signature",
    message: "No signature matches a configured secret",
  };
}
