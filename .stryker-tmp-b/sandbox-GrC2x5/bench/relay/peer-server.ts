// @ts-nocheck
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware, Webhooks } from "@octokit/webhooks";

// The comparison servers of the relay benchmark, one per process:
//   node bench/relay/peer-server.ts bare     -> answers 200 to everything (the limit)
//   node bench/relay/peer-server.ts octokit  -> @octokit/webhooks' middleware verifying X-Hub-Signature-256 (the peer)
const kind = process.argv[2];
const secret = process.env["WEBHOOK_SECRETS"] ?? "";

let server: ReturnType<typeof createServer>;
if (kind === "bare") {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"status":"accepted"}');
    });
  });
} else if (kind === "octokit") {
  const webhooks = new Webhooks({ secret });
  webhooks.onAny(() => undefined);
  server = createServer(createNodeMiddleware(webhooks, { path: "/webhooks/content-review" }));
} else {
  process.stderr.write("usage: peer-server.ts bare|octokit\n");
  process.exit(1);
}
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
