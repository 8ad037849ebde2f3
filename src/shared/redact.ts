/**
 * Secret redaction. Errors redact themselves when they are built (STYLE habit 5), so nothing
 * downstream has to remember to. Covers API keys, presigned-URL signatures and webhook secrets.
 */

const REDACTED = "[REDACTED]";

/** Patterns of secrets that may appear in text even when the exact value is not known. */
const SECRET_PATTERNS: readonly RegExp[] = [
  /sk_(?:live|test)_[A-Za-z0-9_-]+/g,
  /whsec_[A-Za-z0-9+/=_-]+/g,
  // Query parameters that carry presigned-URL signatures and tokens (Azure SAS, S3, ours).
  /([?&](?:sig|signature|token|se|sv|sp|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=)[^&#\s"']*/gi,
  /(Bearer\s+)[A-Za-z0-9._~+/=-]+/g,
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|xox[abposr]-[A-Za-z0-9-]+)\b/g,
];

/**
 * Replace every known secret in `text`: the exact `secrets` given, then anything that looks
 * like an API key, a webhook secret, a bearer token or a presigned-URL signature.
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match, prefix?: string) =>
      typeof prefix === "string" && match.startsWith(prefix) ? `${prefix}${REDACTED}` : REDACTED,
    );
  }
  return out;
}

/** A URL safe to show: origin and path only, with no query string or fragment. */
export function redactUrl(url: string | URL): string {
  try {
    const parsed = new URL(String(url));
    const hasQuery = parsed.search.length > 0;
    return `${parsed.origin}${parsed.pathname}${hasQuery ? `?${REDACTED}` : ""}`;
  } catch {
    return redact(String(url));
  }
}

/** Deep-redacts strings inside a JSON-like value (used on parsed bodies kept on errors). */
export function redactValue<T>(value: T, secrets: readonly (string | undefined)[] = []): T {
  if (typeof value === "string") return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = redactValue(item, secrets);
    return out as T;
  }
  return value;
}
