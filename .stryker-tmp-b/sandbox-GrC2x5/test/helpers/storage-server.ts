// @ts-nocheck
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** What storage does with one PUT. */
export type PutStep = "ok" | "expired" | "error500" | "reset";

/** A received PUT. */
export interface ReceivedPut {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly bytes: number;
}

/**
 * A loopback stand-in for the upload URL endpoint and its storage: `POST /api/uploads/url`
 * hands out `/blob/{assetId}/{filename}?sig=...` URLs, and PUTs to them follow `steps`
 * (then `ok`). Bodies are counted, never kept, so large uploads stay cheap.
 */
export async function startStorageServer(steps: readonly PutStep[] = []) {
  const puts: ReceivedPut[] = [];
  let urlRequests = 0;
  const server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/api/uploads/url") {
      let text = "";
      req.on("data", (c: Buffer) => {
        text += c.toString();
      });
      req.on("end", () => {
        urlRequests += 1;
        const { filename } = JSON.parse(text) as { filename: string };
        const blobPath = `${randomUUID()}/${filename}`;
        const { port } = server.address() as AddressInfo;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            uploadUrl: `http://127.0.0.1:${port}/blob/${blobPath}?sig=secret-signature-${urlRequests}`,
            blobPath,
            expiresAt: new Date(Date.now() + 60_000).toISOString(),
          }),
        );
      });
      return;
    }
    if (req.method === "PUT" && req.url?.startsWith("/blob/")) {
      const step = steps[puts.length] ?? "ok";
      let bytes = 0;
      req.on("data", (c: Buffer) => {
        bytes += c.length;
      });
      req.on("end", () => {
        puts.push({ path: req.url!.split("?")[0]!, headers: req.headers, bytes });
        if (step === "reset") {
          req.socket.destroy();
          return;
        }
        const status = step === "ok" ? 201 : step === "expired" ? 403 : 500;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(
          status === 201
            ? ""
            : JSON.stringify({
                detail: step === "expired" ? "Signature expired" : "Storage error",
              }),
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    puts,
    urlRequests: () => urlRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
