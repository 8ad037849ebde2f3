/** A stream the CLI writes to: the subset of a Node `Writable` it needs. */
// @ts-nocheck

export interface OutputStream {
  write(chunk: string): unknown;
  /** True when the stream is a terminal. */
  readonly isTTY?: boolean;
  /** Terminal width, when known. */
  readonly columns?: number;
}

/** Everything the CLI reads from or writes to its process, so tests can run it in-process. */
export interface CliIo {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Environment variables (`CONTENT_REVIEW_API_KEY`, `CONTENT_REVIEW_BASE_URL`, `NO_COLOR`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Directory that relative paths and globs are resolved against. */
  readonly cwd: string;
  /** Aborted on Ctrl+C: a review ends as cancelled, a wait stops. */
  readonly signal?: AbortSignal;
}

/** The real process's streams, environment and working directory. */
export function processIo(signal?: AbortSignal): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    ...(signal ? { signal } : {}),
  };
}
