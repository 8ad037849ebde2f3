// @ts-nocheck
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the server does with one request. */
export type Step =
  | { readonly status: number; readonly body?: unknown; readonly headers?: Record<string, string> }
  | "reset";

/** A request the server saw. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

/**
 * A loopback HTTP server that answers requests with a script of steps, in order; `reset`
 * reads the request and destroys the socket without answering (an ambiguous failure).
 * Requests past the end of the script get the last step again.
 */
export async function startScriptedServer(steps: readonly Step[]): Promise<{
  url: string;
  seen: SeenRequest[];
  close: () => Promise<void>;
}> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    const step = steps[Math.min(seen.length - 1, steps.length - 1)]!;
    if (step === "reset") {
      req.socket.destroy();
      return;
    }
    const body = step.body === undefined ? "" : JSON.stringify(step.body);
    res.writeHead(step.status, { "content-type": "application/json", ...step.headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
