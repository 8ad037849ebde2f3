import { type KeyObject, verify } from "node:crypto";

/** GitHub refuses an App JWT that expires more than ten minutes ahead. */
const MAX_LIFETIME_S = 600;
/** Clock drift allowed on `iat`, as GitHub allows. */
const SKEW_S = 60;

/** The verdict on an App JWT: its `iss` (the App id) or why it is refused (GitHub's words). */
export type AppJwtVerdict = { ok: true; appId: string } | { ok: false; message: string };

function json(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies a GitHub App JWT as GitHub does: RS256 signed by the key of the App named in `iss`,
 * issued no later than now (within a minute's drift), not expired, expiring at most ten
 * minutes ahead. `keyOf` gives the public key of a registered App id.
 */
export function verifyAppJwt(
  token: string,
  keyOf: (appId: string) => KeyObject | undefined,
  nowSeconds: number,
): AppJwtVerdict {
  const parts = token.split(".");
  const header = parts.length === 3 ? json(parts[0]!) : null;
  const claims = parts.length === 3 ? json(parts[1]!) : null;
  if (header === null || claims === null) {
    return { ok: false, message: "A JSON web token could not be decoded" };
  }
  if (header["alg"] !== "RS256") return { ok: false, message: "The JWT must be signed with RS256" };
  const appId = String(claims["iss"] ?? "");
  const key = keyOf(appId);
  if (key === undefined) return { ok: false, message: `Integration not found: no App ${appId}` };
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  if (!verify("RSA-SHA256", signed, key, Buffer.from(parts[2]!, "base64url"))) {
    return { ok: false, message: "A JSON web token could not be decoded: bad signature" };
  }
  const iat = Number(claims["iat"]);
  const exp = Number(claims["exp"]);
  if (!Number.isFinite(iat) || iat > nowSeconds + SKEW_S) {
    return {
      ok: false,
      message: "'Issued at' claim ('iat') must be an Integer representing a time in the past",
    };
  }
  if (!Number.isFinite(exp) || exp <= nowSeconds) {
    return {
      ok: false,
      message:
        "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires",
    };
  }
  if (exp - nowSeconds > MAX_LIFETIME_S) {
    return { ok: false, message: "'Expiration time' claim ('exp') is too far in the future" };
  }
  return { ok: true, appId };
}
