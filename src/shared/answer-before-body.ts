import type { IncomingMessage, ServerResponse } from "node:http";

/** How much of an unwanted request body is read and thrown away before the connection closes. */
export interface LingerLimits {
  /** Bytes discarded at most; a sender that goes on past them gets its connection closed. */
  readonly maxBytes: number;
  /** Time spent discarding at most, from the answer on. */
  readonly maxMs: number;
}

/** nginx lingers up to 30 s; a few MiB covers a body somewhat over any limit here. */
export const DEFAULT_LINGER_LIMITS: LingerLimits = Object.freeze({
  maxBytes: 8 * 1024 * 1024,
  maxMs: 10_000,
});

/**
 * Answers a request before (all of) its body has been read, in a way the sender can read: the
 * answer goes out whole (`Content-Length`, `Connection: close`), the rest of the body is read
 * and discarded up to `limits`, and only then does the connection close, as nginx's lingering
 * close does. Closing at once would have the kernel reset the connection while the sender is
 * still writing: it gets EPIPE and may never see the status.
 */
export function answerBeforeBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: Readonly<Record<string, string>> = {},
  limits: LingerLimits = DEFAULT_LINGER_LIMITS,
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    ...headers,
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  });
  if (req.complete || req.destroyed) {
    res.end(body);
    return;
  }
  // Written now, ended later: the sender can read the whole answer while it is still writing.
  res.write(body);
  let discarded = 0;
  let settled = false;
  const settle = (drained: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.off("data", discard);
    res.end();
    // Past the bound: close now; a reset is then the sender's own doing.
    if (!drained) req.socket.destroy();
  };
  const discard = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.maxBytes) settle(false);
  };
  const timer = setTimeout(() => settle(false), limits.maxMs);
  timer.unref();
  req.on("data", discard);
  req.once("end", () => settle(true));
  req.once("error", () => settle(false));
  req.once("close", () => settle(req.complete));
  req.resume();
}
