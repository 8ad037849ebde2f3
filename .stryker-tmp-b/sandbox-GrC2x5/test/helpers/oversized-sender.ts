// @ts-nocheck
import { connect } from "node:net";

/** What a sender of an oversized body saw. */
export interface OversizedResult {
  /** The status of the answer, or null when none arrived. */
  readonly status: number | null;
  /** The answer's body (after the blank line), as far as it arrived. */
  readonly body: string;
  /** A socket error the sender got (EPIPE, ECONNRESET), or null. */
  readonly error: string | null;
  /** Bytes of the body written before the socket closed. */
  readonly written: number;
}

export interface OversizedRequest {
  readonly url: string;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly bytes: number;
  /** Send `Content-Length` (true) or a chunked body (false). @default true */
  readonly declareLength?: boolean;
}

/**
 * Sends `bytes` of body over a raw socket with `Connection: close`, as a one-shot sender does,
 * and goes on writing after the answer has arrived: it writes in 64 KiB pieces until the
 * answer's head is in, then writes the rest of the body. A server that closes as soon as it has
 * answered makes these last writes fail (EPIPE or ECONNRESET); one that lingers reads them.
 */
export function sendOversized(request: OversizedRequest): Promise<OversizedResult> {
  const url = new URL(request.url);
  const declare = request.declareLength ?? true;
  const head = [
    `${request.method ?? "POST"} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    "Connection: close",
    declare ? `Content-Length: ${request.bytes}` : "Transfer-Encoding: chunked",
    ...Object.entries(request.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    "",
    "",
  ].join("\r\n");
  const piece = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = "";
    let error: string | null = null;
    let written = 0;
    let answered = false;
    const frame = (chunk: Buffer) =>
      declare
        ? chunk
        : Buffer.concat([
            Buffer.from(`${chunk.length.toString(16)}\r\n`),
            chunk,
            Buffer.from("\r\n"),
          ]);
    const writeNext = () => {
      while (written < request.bytes) {
        // Before the answer: write until the server has seen enough to refuse, then wait for it.
        if (!answered && written >= request.bytes * 0.95) return;
        const chunk = piece.subarray(0, Math.min(piece.length, request.bytes - written));
        written += chunk.length;
        if (!socket.write(frame(chunk))) {
          socket.once("drain", writeNext);
          return;
        }
      }
      if (!declare) socket.write("0\r\n\r\n");
    };
    socket.on("connect", () => {
      socket.write(head);
      writeNext();
    });
    socket.on("data", (data: Buffer) => {
      received += data.toString("latin1");
      if (!answered && received.includes("\r\n\r\n")) {
        answered = true;
        // Give the server's close (if it closes at once) time to arrive before writing on.
        setTimeout(writeNext, 50);
      }
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message;
    });
    socket.on("close", () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      const at = received.indexOf("\r\n\r\n");
      resolve({
        status: status?.[1] === undefined ? null : Number(status[1]),
        body: at === -1 ? "" : received.slice(at + 4),
        error,
        written,
      });
    });
  });
}
