/**
 * SQLSTATE classes that no waiting cures: 28 (bad credentials), 3D (no such database), 42
 * (no privilege, bad schema name). See the PostgreSQL manual's appendix "Error Codes".
 */
const FATAL_SQLSTATE_CLASSES: readonly string[] = Object.freeze(["28", "3D", "42"]);

/**
 * True when a failure to reach Postgres may pass by itself (refused or dropped connections,
 * timeouts, a server starting or shutting down); false for a misconfiguration.
 */
export function isPostgresOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
    return !FATAL_SQLSTATE_CLASSES.includes(code.slice(0, 2));
  }
  return true;
}
