/** Where the relay sends or reads things. */
export type Destination = "Slack" | "GitHub" | "the service";

/**
 * Whether the destination may have acted on a failed call: `not-performed` when it certainly
 * did not (it refused, or rate-limited the call), `unknown` when it may have (a timeout after
 * sending, a 5xx, a dropped connection).
 */
export type CallOutcome = "not-performed" | "unknown";

/** A call to Slack, GitHub or the service failed. Names the destination and the host tried. */
export class DestinationError extends Error {
  override readonly name = "DestinationError";
  readonly destination: Destination;
  readonly host: string;
  /** The API method or operation, e.g. `chat.postMessage`. */
  readonly operation: string;
  readonly outcome: CallOutcome;
  /** The HTTP status, when one came back. */
  readonly status: number | undefined;

  constructor(
    init: {
      destination: Destination;
      host: string;
      operation: string;
      outcome: CallOutcome;
      reason: string;
      status?: number;
    },
    options?: { cause?: unknown },
  ) {
    super(
      `${init.destination} (${init.host}) ${init.operation} failed: ${init.reason}; the relay retries it`,
      options,
    );
    this.destination = init.destination;
    this.host = init.host;
    this.operation = init.operation;
    this.outcome = init.outcome;
    this.status = init.status;
  }
}

export function isDestinationError(error: unknown): error is DestinationError {
  return error instanceof DestinationError;
}

/** The host of a base URL, for messages (never a path, query or credential). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "unknown host";
  }
}

/**
 * The request never reached the destination (the connection was refused), so it certainly did
 * not act. The code sits on the error or on a cause a few levels down (`cause`, or `original`
 * in `@slack/web-api`'s errors).
 */
export function neverConnected(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e instanceof Error; depth += 1) {
    if ((e as NodeJS.ErrnoException).code === "ECONNREFUSED") return true;
    e = e.cause ?? (e as { original?: unknown }).original;
  }
  return false;
}
