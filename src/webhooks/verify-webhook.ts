import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { standardWebhookKey } from "./sign-standard-webhook.ts";
import { timingSafeEqualBytes } from "./timing-safe-equal-bytes.ts";
import type { WebhookScheme } from "./webhook-scheme.ts";

/** Header values as Node or Express hand them over; names are matched case-insensitively. */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Options of {@link createWebhookVerifier}. */
export interface WebhookVerifierOptions {
  readonly scheme: WebhookScheme;
  /** One or more secrets; any of them may match, so a secret can be rotated without downtime. */
  readonly secrets: readonly string[];
  /**
   * Allowed distance between the signed timestamp and `now`, both ways, in seconds.
   * @default 300
   */
  readonly toleranceSeconds?: number;
}

/** Input of {@link verifyWebhook}. */
export interface VerifyWebhookInput extends WebhookVerifierOptions {
  readonly headers: WebhookHeaders;
  /** The body exactly as received, before any JSON parsing. */
  readonly rawBody: Buffer | string;
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

/** A verifier with its keys prepared once; `verify` runs per delivery. */
export interface WebhookVerifier {
  /** Verifies one delivery; `now` is in milliseconds since the epoch (default `Date.now()`). */
  verify(headers: WebhookHeaders, rawBody: Buffer | string, now?: number): WebhookVerdict;
}

interface SchemeParts {
  readonly id: string | null;
  readonly timestamp: number | null;
  /** Signatures offered by the sender, decoded to bytes. */
  readonly offered: readonly Buffer[];
  /** What the scheme signs before the body (`id.timestamp.`, `timestamp.`), or "" (GitHub). */
  readonly prefix: string;
}

type ParseResult = SchemeParts | { readonly reason: WebhookRejectReason; readonly message: string };

const TIMESTAMP = /^\d{1,15}$/;

/**
 * Whole seconds since 1970, or null. `Number` alone would take `0x10`, `1e3`, ` 12` or "" (0),
 * and a `NaN` would pass both window checks unnoticed: so the pattern first, and then whatever
 * it let through must still be a safe integer.
 */
function parseSeconds(text: string): number | null {
  const seconds = TIMESTAMP.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(seconds) ? seconds : null;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  // Node hands over lower-case names: look there first, then match any other spelling.
  let value = headers[name];
  if (value === undefined) {
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === name) {
        value = headers[key];
        break;
      }
    }
  }
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === "string" && v.length > 0 ? v : undefined;
}

function missing(names: string): ParseResult {
  return { reason: "missing-headers", message: `Missing header(s): ${names}` };
}

function malformed(message: string): ParseResult {
  return { reason: "malformed-headers", message };
}

function parseStandard(headers: WebhookHeaders): ParseResult {
  const id = header(headers, "webhook-id");
  const ts = header(headers, "webhook-timestamp");
  const sig = header(headers, "webhook-signature");
  if (id === undefined || ts === undefined || sig === undefined) {
    return missing("webhook-id, webhook-timestamp, webhook-signature");
  }
  const timestamp = parseSeconds(ts);
  if (timestamp === null) return malformed("webhook-timestamp must be whole seconds since 1970");
  // "v1,<base64> v1,<base64>": several signatures while the sender rotates. Other versions are
  // skipped, and so is a part with more after the signature (`v1,<sig>,<extra>`): not a v1 signature.
  const offered: Buffer[] = [];
  for (const part of sig.split(" ")) {
    const [version, signature, ...extra] = part.split(",");
    if (version !== "v1" || signature === undefined || extra.length > 0) continue;
    offered.push(Buffer.from(signature, "base64"));
  }
  if (offered.length === 0) return malformed("webhook-signature holds no v1 signature");
  return { id, timestamp, offered, prefix: `${id}.${ts}.` };
}

const GITHUB_SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

function parseGithub(headers: WebhookHeaders): ParseResult {
  const sig = header(headers, "x-hub-signature-256");
  if (sig === undefined) return missing("x-hub-signature-256");
  const match = GITHUB_SIGNATURE.exec(sig);
  if (match === null) return malformed("x-hub-signature-256 must be sha256=<64 hex digits>");
  return {
    id: header(headers, "x-github-delivery") ?? header(headers, "webhook-id") ?? null,
    timestamp: null,
    offered: [Buffer.from(match[1] as string, "hex")],
    prefix: "",
  };
}

const HEX_SIGNATURE = /^[0-9a-fA-F]{64}$/;

function parseStripe(headers: WebhookHeaders): ParseResult {
  const sig = header(headers, "stripe-signature");
  if (sig === undefined) return missing("stripe-signature");
  let ts: string | undefined;
  const offered: Buffer[] = [];
  for (const item of sig.split(",")) {
    const eq = item.indexOf("=");
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t") ts = value;
    else if (key === "v1" && HEX_SIGNATURE.test(value)) offered.push(Buffer.from(value, "hex"));
  }
  const timestamp = ts === undefined ? null : parseSeconds(ts);
  if (timestamp === null) return malformed("stripe-signature must carry t=<seconds since 1970>");
  if (offered.length === 0) return malformed("stripe-signature holds no v1 signature");
  return {
    id: header(headers, "webhook-id") ?? null,
    timestamp,
    offered,
    prefix: `${ts}.`,
  };
}

const PARSERS: Record<WebhookScheme, (headers: WebhookHeaders) => ParseResult> = {
  "standard-webhooks": parseStandard,
  github: parseGithub,
  stripe: parseStripe,
};

/** The HMAC key of one secret: Standard Webhooks uses the base64 bytes, GitHub and Stripe the text. */
function prepareKey(scheme: WebhookScheme, secret: string): KeyObject {
  return createSecretKey(
    scheme === "standard-webhooks" ? standardWebhookKey(secret) : Buffer.from(secret, "utf8"),
  );
}

/**
 * Prepares a verifier, framework-free: headers and raw bytes in, a verdict out. The secrets are
 * decoded into HMAC keys once, here, not per delivery (a raw `Buffer` key costs Node several
 * times the HMAC itself). Signatures are compared in constant time against every secret, and the
 * timestamp (where the scheme signs one) must lie within `toleranceSeconds` of `now`.
 */
export function createWebhookVerifier(options: WebhookVerifierOptions): WebhookVerifier {
  // An empty secret is skipped; the others keep their place, so `secretIndex` names the right one.
  const keys = options.secrets.flatMap((secret, index) =>
    secret.length > 0 ? [{ index, key: prepareKey(options.scheme, secret) }] : [],
  );
  const parse = PARSERS[options.scheme];
  const tolerance = options.toleranceSeconds ?? 300;
  return {
    verify(headers, rawBody, now = Date.now()) {
      if (keys.length === 0) {
        return { ok: false, reason: "no-secrets", message: "No webhook secret is configured" };
      }
      const parts = parse(headers);
      if ("reason" in parts) return { ok: false, ...parts };

      if (parts.timestamp !== null) {
        const nowSeconds = Math.floor(now / 1000);
        if (parts.timestamp < nowSeconds - tolerance) {
          return { ok: false, reason: "stale", message: "Timestamp is older than the tolerance" };
        }
        if (parts.timestamp > nowSeconds + tolerance) {
          return { ok: false, reason: "future", message: "Timestamp is too far in the future" };
        }
      }

      for (const { index, key } of keys) {
        const mac = createHmac("sha256", key);
        const expected = mac.update(parts.prefix).update(rawBody).digest();
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
    },
  };
}

/**
 * Verifies one webhook delivery against the raw body. A one-off: a server verifying many
 * deliveries should keep one {@link createWebhookVerifier} instead.
 */
export function verifyWebhook(input: VerifyWebhookInput): WebhookVerdict {
  return createWebhookVerifier(input).verify(input.headers, input.rawBody, input.now);
}
