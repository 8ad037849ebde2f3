import { open } from "node:fs/promises";
import type { Writable } from "node:stream";

/**
 * Bytes read from the file at once: the size of each of the two buffers an upload holds. Larger
 * than a read stream's 64 KiB: fewer reads and writes, and a 512 MiB upload took about half the time.
 */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

/**
 * Writes the first `size` bytes of the file at `path` to `destination` (an upload's request)
 * through two buffers of at most {@link UPLOAD_CHUNK_BYTES}, used in turn: one is read into
 * while the other is being written, and a buffer is read into again only once its last write
 * has left for the socket. An upload therefore holds the same 512 KiB at most from its first
 * byte to its last, and allocates nothing per chunk: a read stream allocated a new 64 KiB buffer
 * for every chunk, which the garbage collector only reclaimed in batches of many megabytes.
 * Rejects when the destination fails or closes first, or the file is shorter than `size`.
 */
export async function sendFileBytes(
  path: string,
  size: number,
  destination: Writable | NodeJS.WritableStream,
  onBytes?: (bytesSent: number) => void,
): Promise<void> {
  const target = destination as Writable;
  // Ends every wait below when the request fails or closes early (e.g. storage answered 413).
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  stopped.catch(() => undefined);
  const onError = (error: Error) => stop(error);
  const onClose = () => stop(new Error("the connection closed before the upload was sent"));
  target.once("error", onError);
  target.once("close", onClose);
  const handle = await open(path, "r");
  try {
    const length = Math.max(1, Math.min(UPLOAD_CHUNK_BYTES, size));
    // Not from the shared pool: a file of a few bytes holds a few bytes, not a pooled slab.
    const buffers = [Buffer.allocUnsafeSlow(length), Buffer.allocUnsafeSlow(length)] as const;
    const writes: [Promise<void>, Promise<void>] = [Promise.resolve(), Promise.resolve()];
    let sent = 0;
    for (let turn = 0; sent < size; turn = 1 - turn) {
      await Promise.race([writes[turn], stopped]);
      const buffer = buffers[turn]!;
      const { bytesRead } = await handle.read(buffer, 0, Math.min(length, size - sent), sent);
      if (bytesRead === 0) {
        throw new Error(
          `the file is shorter than its ${size} bytes; upload it again once it is no longer being written`,
        );
      }
      sent += bytesRead;
      const written = new Promise<void>((resolve, reject) => {
        target.write(buffer.subarray(0, bytesRead), (error?: Error | null) =>
          error ? reject(error) : resolve(),
        );
      });
      written.catch(() => undefined);
      writes[turn] = written;
      onBytes?.(sent);
    }
    await Promise.race([Promise.all(writes), stopped]);
  } finally {
    target.off("error", onError);
    target.off("close", onClose);
    await handle.close();
  }
}
