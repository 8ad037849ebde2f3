import express, { type Request, type Response, Router } from "express";
import { EXTRA_OPERATIONS } from "./extra-operations.ts";
import { ACTIONS_APP } from "./github-model.ts";
import { seedPullRequestBody } from "./github-schemas.ts";
import type { GithubState } from "./github-state.ts";
import { type GithubStandInRules, handleGithubRequest } from "./handle-github-request.ts";
import { recorderViews } from "./recorder-views.ts";

/** Where the recording GitHub REST API is mounted: give callers this as `GITHUB_API_URL`. */
export const GITHUB_API_PATH = "/_emulator/github";

/**
 * The recording GitHub under `/_emulator/github`, for offline rehearsal of the Action and the
 * relay: the same stand-in the tests start (emulator/github), answering any token as the Actions
 * App. Views of what was posted: `GET /_emulator/github/statuses`, `/check-runs`, `/reviews`;
 * `POST /_emulator/github/pulls` seeds a pull request; `DELETE /_emulator/github` forgets all.
 */
export function githubRouter(github: GithubState, _now?: () => Date): Router {
  const router = Router();
  const rules: GithubStandInRules = {
    authenticate: () => ACTIONS_APP,
    extraOperations: EXTRA_OPERATIONS,
  };
  router.use(GITHUB_API_PATH, express.raw({ type: () => true, limit: "25mb" }));
  const json = (req: Request): unknown => {
    try {
      return JSON.parse(Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "{}");
    } catch {
      return undefined;
    }
  };

  // Views and seeding (no token): what the rehearsal shows and what it starts from.
  router.post(`${GITHUB_API_PATH}/pulls`, (req, res) => {
    const parsed = seedPullRequestBody.safeParse(json(req));
    if (!parsed.success) {
      res.status(422).json({
        message: "Validation Failed",
        errors: parsed.error.issues.map((i) => ({
          resource: "Request",
          field: i.path.join("."),
          code: "invalid",
          message: i.message,
        })),
      });
      return;
    }
    const seeded = parsed.data;
    github.pulls.set(seeded.number, { repository: seeded.repository, files: seeded.files });
    res.status(201).json(seeded);
  });
  const views = recorderViews(github);
  router.get(`${GITHUB_API_PATH}/statuses`, (_req, res) => res.json(views.statuses()));
  router.get(`${GITHUB_API_PATH}/check-runs`, (_req, res) => res.json(views.checkRuns()));
  router.get(`${GITHUB_API_PATH}/reviews`, (_req, res) => res.json(views.reviews()));
  router.delete(GITHUB_API_PATH, (_req, res) => {
    github.clear();
    res.status(204).end();
  });

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
