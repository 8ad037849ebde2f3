/** SQLite's "string or blob too big". */
const SQLITE_TOOBIG = 18;

/**
 * Why the store refused a write for what it was asked to hold, or null when the refusal is
 * about the store itself (unreachable, full, locked). Postgres says so with SQLSTATE class 22
 * (data exception: a character it cannot store, a value out of range) or 54 (a program limit:
 * an index row too large); SQLite with SQLITE_TOOBIG. Such a write fails the same way on every
 * retry, so the sender gets a 4xx instead of a 503 that it would retry until it gives up.
 */
export function unstorableReason(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, errcode, message } = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
  };
  const data = typeof code === "string" && /^(22|54)[0-9A-Z]{3}$/.test(code);
  const tooBig = typeof errcode === "number" && (errcode & 0xff) === SQLITE_TOOBIG;
  if (!data && !tooBig) return null;
  return typeof message === "string" && message.length > 0 ? message.slice(0, 200) : "refused";
}
