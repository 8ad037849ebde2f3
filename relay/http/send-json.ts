import type { ServerResponse } from "node:http";

/** Answers with a JSON body (a string is sent as it is), unless an answer already went out. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: string | object,
  extra?: Record<string, string>,
): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    ...extra,
  });
  res.end(text);
}
