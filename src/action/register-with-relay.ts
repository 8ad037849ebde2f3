/** The body the relay's `POST /links` accepts. */
export interface RelayLink {
  readonly submissionId: string;
  /** `owner/repo`. */
  readonly repository: string;
  readonly sha: string;
  readonly pullRequest?: number | undefined;
  /** The commit status context the relay will finish. */
  readonly context?: string;
  readonly assetCount?: number;
  readonly failOn?: string;
}

/** The relay refused or could not be reached. The message never carries the token. */
export class RelayRegistrationError extends Error {
  override name = "RelayRegistrationError";
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number | undefined; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}

/**
 * Registers a submission with the relay (`POST {relayUrl}/links`, bearer token), so that the
 * relay finishes the commit status when the service's webhook arrives (`wait: false`).
 * Retries a 5xx or network failure twice: registering the same link again is harmless.
 */
export async function registerWithRelay(options: {
  relayUrl: string;
  relayToken: string;
  link: RelayLink;
  signal?: AbortSignal | undefined;
  fetch?: typeof globalThis.fetch;
}): Promise<void> {
  const url = new URL(
    "links",
    options.relayUrl.endsWith("/") ? options.relayUrl : `${options.relayUrl}/`,
  );
  const doFetch = options.fetch ?? globalThis.fetch;
  let last: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const response = await doFetch(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${options.relayToken}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(options.link),
        signal: options.signal ?? null,
      });
      await response.arrayBuffer();
      if (response.ok) return;
      last = new RelayRegistrationError(
        `The relay at ${url.origin} answered HTTP ${response.status} to POST /links.${response.status === 401 || response.status === 403 ? " Check relay-token." : ""}`,
        { status: response.status },
      );
      if (response.status < 500) throw last;
    } catch (error) {
      if (error instanceof RelayRegistrationError && (error.status ?? 500) < 500) throw error;
      if (options.signal?.aborted) throw error;
      last =
        error instanceof RelayRegistrationError
          ? error
          : new RelayRegistrationError(
              `The relay at ${url.origin} could not be reached: ${(error as Error).message}.`,
              {
                cause: error,
              },
            );
    }
  }
  throw last;
}
