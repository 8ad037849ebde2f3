/** The error codes of a write to a pipe whose reader has gone (`| head`). */
const CLOSED_CODES: ReadonlySet<string | undefined> = new Set(["EPIPE", "ERR_STREAM_DESTROYED"]);

/**
 * Makes a reader that stops early (`content-review … | head -1`) end the output, not crash the
 * process: an EPIPE on one of `streams` drops what was not read and calls `onClosed` once (the
 * emulator stops then; a command that ends by itself passes nothing). Any other write error is
 * thrown, as it would be without this guard. The one guard of every executable of the toolkit.
 */
export function onOutputClosed(
  streams: readonly NodeJS.WritableStream[],
  onClosed: (stream: NodeJS.WritableStream) => void = () => {},
): void {
  let closed = false;
  for (const stream of streams) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (!CLOSED_CODES.has(error.code)) throw error;
      if (closed) return;
      closed = true;
      onClosed(stream);
    });
  }
}
