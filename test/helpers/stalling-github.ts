import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A GitHub on loopback that never answers `/repos/octo/hang` (its responses are kept in
 * `hanging`), answers `/repos/octo/broken` with a 500 (counted in `broken`), and everything
 * else with 200 `{"id":1}`.
 */
export interface StallingGithub {
  readonly baseUrl: string;
  readonly hanging: readonly ServerResponse[];
  /** How many requests got the 500. */
  broken(): number;
  close(): Promise<void>;
}

export async function startStallingGithub(): Promise<StallingGithub> {
  const hanging: ServerResponse[] = [];
  let broken = 0;
  const server = createServer((req, res) => {
    req.resume();
    if (req.url?.startsWith("/repos/octo/hang")) {
      hanging.push(res);
    } else if (req.url?.startsWith("/repos/octo/broken")) {
      broken += 1;
      res.writeHead(500, { "content-type": "application/json" }).end('{"message":"boom"}');
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end('{"id":1}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hanging,
    broken: () => broken,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
