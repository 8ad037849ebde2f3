/** Standard Webhooks secrets: `whsec_` and the base64 key. */
const WHSEC = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/**
 * Standard Webhooks keys are 24 to 64 bytes (the service gives 24 or more): shorter ones are
 * refused below {@link MIN_KEY_BYTES}, and draw a warning below {@link ADVISED_KEY_BYTES}.
 */
const MIN_KEY_BYTES = 16;
const ADVISED_KEY_BYTES = 24;

/**
 * Why a Standard Webhooks secret cannot be used, and what is doubtful about the others
 * (positions and lengths only: secrets are never shown).
 */
export function webhookSecretProblems(secrets: readonly string[]): {
  problem: string | null;
  warnings: string[];
} {
  const warnings: string[] = [];
  for (const [i, secret] of secrets.entries()) {
    const which = secrets.length === 1 ? "its secret" : `secret ${i + 1} of ${secrets.length}`;
    const key = WHSEC.exec(secret)?.[1];
    const bytes = key === undefined ? 0 : Buffer.from(key, "base64").length;
    if (key === undefined || bytes === 0) {
      return {
        problem: `must be whsec_ followed by the base64 key the service gave (${which} is not, or gives an empty key that anyone could sign with)`,
        warnings,
      };
    }
    if (bytes < MIN_KEY_BYTES) {
      return {
        problem: `must hold keys of at least ${MIN_KEY_BYTES} bytes (${which} is ${bytes}; the service's are 24 to 64): set the secret the service gave, whole`,
        warnings,
      };
    }
    if (bytes < ADVISED_KEY_BYTES) {
      warnings.push(
        `WEBHOOK_SECRETS: ${which} is a key of ${bytes} bytes, shorter than the ${ADVISED_KEY_BYTES} to 64 of Standard Webhooks: check that it is the secret the service gave, whole`,
      );
    }
  }
  return { problem: null, warnings };
}
