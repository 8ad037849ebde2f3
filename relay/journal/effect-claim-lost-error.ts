/**
 * An attempt tried to record an effect whose claim it no longer holds: its lease ended and
 * another attempt took the claim over. That attempt looks at the destination; this one fails.
 */
export class EffectClaimLostError extends Error {
  override readonly name = "EffectClaimLostError";
  readonly key: string;

  constructor(key: string) {
    super(
      `The claim on ${key} passed to another attempt before this one recorded it; that attempt looks for it at the destination (raise RELAY_HANDLER_TIMEOUT_MS if destinations are this slow)`,
    );
    this.key = key;
  }
}
