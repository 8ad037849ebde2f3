// @ts-nocheck
import { createServer, request } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";

/** A forward proxy on loopback that counts what goes through it. */
export interface CountingProxy {
  /** `http://127.0.0.1:port`, for HTTPS_PROXY and HTTP_PROXY. */
  readonly url: string;
  /** One `host:port` per CONNECT tunnel opened (https targets, and fetch's http targets). */
  readonly tunnels: string[];
  /** One `METHOD origin` per plain proxied request (absolute-form, http targets). */
  readonly forwarded: string[];
  close(): Promise<void>;
}

/**
 * Starts a proxy as a self-hosted runner's network would have one: CONNECT opens a TCP tunnel
 * to the target, and an absolute-form request (`GET http://host/path`) is forwarded. It never
 * reads the environment, and connects straight to the targets.
 */
export async function startCountingProxy(): Promise<CountingProxy> {
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (!/^https?:\/\//.test(req.url ?? "")) {
      res.writeHead(400).end("This is a proxy: send absolute-form requests or CONNECT.");
      return;
    }
    const target = new URL(req.url!);
    forwarded.push(`${req.method} ${target.origin}`);
    const headers = { ...req.headers };
    delete headers["proxy-connection"];
    const upstream = request(target, { method: req.method, headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("connect", (req, client: Socket, head: Buffer) => {
    const [host = "", port = ""] = (req.url ?? "").split(/:(?=\d+$)/);
    tunnels.push(req.url ?? "");
    sockets.add(client);
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    const close = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on("error", close);
    client.on("error", close);
    upstream.on("close", () => sockets.delete(upstream));
    client.on("close", () => sockets.delete(client));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
