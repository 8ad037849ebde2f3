import type { RequestListener } from "node:http";
import type { GithubState } from "./github-state.ts";
import { type GithubStandInRules, handleGithubRequest } from "./handle-github-request.ts";

/** Reads a request body whole. */
async function readBody(req: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The stand-in's Node listener: reads the request whole, answers it from `state` under `rules`,
 * and logs it when the answer is sent (after its delay, for a stalled status).
 */
export function githubRequestListener(
  state: GithubState,
  rules: GithubStandInRules,
  baseUrl: () => string,
): RequestListener {
  return async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", baseUrl());
    const method = req.method ?? "GET";
    const reply = await handleGithubRequest(state, rules, {
      method,
      url,
      headers: req.headers,
      body,
      baseUrl: baseUrl(),
    });
    const send = () => {
      if (res.destroyed) return;
      state.requests.push({
        method,
        path: url.pathname,
        operationId: reply.operationId,
        status: reply.status,
      });
      res.writeHead(reply.status, {
        "content-type": "application/json",
        ...reply.headers,
      });
      res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
    };
    if (reply.delayMs === undefined) send();
    else setTimeout(send, reply.delayMs);
  };
}
