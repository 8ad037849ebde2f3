import express, { type Request, type Response, Router } from "express";
import { mountGithubControl } from "./github-control.ts";
import { ACTIONS_APP } from "./github-model.ts";
import type { GithubState } from "./github-state.ts";
import { type GithubStandInRules, handleGithubRequest } from "./handle-github-request.ts";

/** Where the recording GitHub REST API is mounted: give callers this as `GITHUB_API_URL`. */
export const GITHUB_API_PATH = "/_emulator/github";

/** How many answered requests the emulator's GitHub remembers. */
const REQUEST_LOG_LIMIT = 10_000;

/**
 * The recording GitHub under `/_emulator/github`, for offline rehearsal of the Action and the
 * relay: the same stand-in the tests start (emulator/github), answering any token as the Actions
 * App until a GitHub App is registered (then only its installation tokens), with the control
 * surface of {@link mountGithubControl} (views of what was posted, seeding, Apps) under the
 * same path.
 */
export function githubRouter(github: GithubState, now?: () => Date): Router {
  const router = Router();
  // The emulator's clock (fake in its tests) stamps what the recorder keeps.
  if (now !== undefined) github.now = now;
  const rules: GithubStandInRules = { authenticate: () => ACTIONS_APP };
  router.use(GITHUB_API_PATH, express.raw({ type: () => true, limit: "25mb" }));
  mountGithubControl(router, GITHUB_API_PATH, github);

  // Everything else under the path is GitHub's REST API, answered by the shared stand-in.
  router.use(GITHUB_API_PATH, async (req: Request, res: Response) => {
    const baseUrl = `${req.protocol}://${req.headers.host}${GITHUB_API_PATH}`;
    const url = new URL(req.url, "http://stand-in.invalid");
    const reply = await handleGithubRequest(github, rules, {
      method: req.method,
      url,
      headers: req.headers,
      body: Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "",
      baseUrl,
    });
    // A long-running emulator keeps the latest requests only (tests start a stand-in each).
    if (github.requests.length >= REQUEST_LOG_LIMIT) github.requests.shift();
    github.requests.push({
      method: req.method,
      path: url.pathname,
      operationId: reply.operationId,
      status: reply.status,
    });
    res.status(reply.status);
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
    if (reply.raw !== undefined) res.end(reply.raw);
    else res.json(reply.body ?? {});
  });
  return router;
}
