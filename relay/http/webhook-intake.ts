import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** Only the webhook route reads a raw body, and at most this many bytes of it (1 MiB). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

export const TOO_LARGE = JSON.stringify({
  error: "payload_too_large",
  message: `Bodies are limited to ${WEBHOOK_BODY_LIMIT_BYTES} bytes (1 MiB)`,
});
const UNSUPPORTED_TYPE = JSON.stringify({
  error: "unsupported_media_type",
  message: "Send Content-Type: application/json",
});
const UNSUPPORTED_ENCODING = JSON.stringify({
  error: "unsupported_encoding",
  message: "Send the body uncompressed (no Content-Encoding)",
});

/** A delivery refused from its headers alone, before its body is read. */
export interface HeaderRefusal {
  readonly status: 413 | 415;
  /** The metric's reason. */
  readonly reason: "unsupported-media-type" | "too-large";
  readonly body: string;
}

/** Why a delivery's headers already rule it out (not JSON, compressed, too large), or null. */
export function headerRefusal(headers: IncomingHttpHeaders): HeaderRefusal | null {
  const type = headers["content-type"];
  const length = headers["content-length"];
  const hasBody = headers["transfer-encoding"] !== undefined || Number(length ?? 0) > 0;
  if ((type === undefined || !JSON_TYPE.test(type)) && (hasBody || type !== undefined))
    return { status: 415, reason: "unsupported-media-type", body: UNSUPPORTED_TYPE };
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity")
    return { status: 415, reason: "unsupported-media-type", body: UNSUPPORTED_ENCODING };
  if (length !== undefined && Number(length) > WEBHOOK_BODY_LIMIT_BYTES)
    return { status: 413, reason: "too-large", body: TOO_LARGE };
  return null;
}

/** Reads the raw body, calling `tooLarge` (once, and nothing else) past the limit. */
export function readRawBody(
  req: IncomingMessage,
  onBody: (rawBody: Buffer) => void,
  tooLarge: () => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on("data", (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size > WEBHOOK_BODY_LIMIT_BYTES) {
      over = true;
      chunks.length = 0;
      tooLarge();
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (over) return;
    onBody(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
  });
  // An aborted upload: nobody is left to answer.
  req.on("error", () => undefined);
}
