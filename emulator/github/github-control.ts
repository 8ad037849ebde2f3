import type { Request, Response, Router } from "express";
import type { z } from "zod";
import { mergeGroupEvent, pushEvent } from "./github-events.ts";
import {
  mergeGroupBody,
  mergePullRequestBody,
  openPullRequestBody,
  registerAppBody,
  seedCommitBody,
  seedPullRequestBody,
} from "./github-schemas.ts";
import type { GithubState } from "./github-state.ts";
import {
  createMergeGroup,
  mergePullRequest,
  openPullRequest,
  pushPullRequest,
} from "./merge-queue.ts";
import { pullRequestFiles } from "./pull-reviews.ts";
import { recorderViews } from "./recorder-views.ts";
import { registerApp } from "./register-app.ts";

function bodyOf(req: Request): unknown {
  try {
    return JSON.parse(Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "{}");
  } catch {
    return undefined;
  }
}

/** Parses the body with `schema`; answers 422 and returns undefined when it does not fit. */
function parse<T extends z.ZodType>(
  schema: T,
  req: Request,
  res: Response,
): z.output<T> | undefined {
  const parsed = schema.safeParse(bodyOf(req));
  if (parsed.success) return parsed.data;
  res.status(422).json({
    message: "Validation Failed",
    errors: parsed.error.issues.map((i) => ({
      resource: "Request",
      field: i.path.join("."),
      code: "invalid",
      message: i.message,
    })),
  });
  return undefined;
}

/** Runs a seeding step; a step the history refuses (an unknown commit) answers 422 with why. */
function attempt(res: Response, step: () => unknown): void {
  try {
    res.status(201).json(step());
  } catch (error) {
    res.status(422).json({ message: (error as Error).message });
  }
}

/**
 * The emulator's control surface of its GitHub (no token): views of what was posted, seeding of
 * pull requests, commits, merge groups and merges, with the webhook payloads GitHub would send
 * for them, and GitHub Apps to authenticate as. See docs/emulator.md.
 */
export function mountGithubControl(router: Router, path: string, github: GithubState): void {
  const views = recorderViews(github);
  router.get(`${path}/statuses`, (_req, res) => res.json(views.statuses()));
  router.get(`${path}/check-runs`, (_req, res) => res.json(views.checkRuns()));
  router.get(`${path}/reviews`, (_req, res) => res.json(views.reviews()));
  router.get(`${path}/apps`, (_req, res) => res.json(views.apps()));
  router.delete(path, (_req, res) => {
    github.clear();
    res.status(204).end();
  });

  router.post(`${path}/apps`, (req, res) => {
    const input = parse(registerAppBody, req, res);
    if (input) attempt(res, () => registerApp(github, input));
  });
  router.post(`${path}/commits`, (req, res) => {
    const input = parse(seedCommitBody, req, res);
    if (input) attempt(res, () => ({ sha: github.git.commit(input).sha }));
  });
  router.post(`${path}/pulls`, (req, res) => {
    const raw = bodyOf(req) as { head?: unknown } | undefined;
    if (raw?.head !== undefined) {
      // A pull request on commits: opened, or pushed to when it is open already.
      const input = parse(openPullRequestBody, req, res);
      if (!input) return;
      attempt(res, () => {
        if (github.pullRequests.has(input.number))
          pushPullRequest(github, input.number, input.head);
        else openPullRequest(github, input);
        const repository = input.repository ?? "octo/media";
        return { ...input, files: pullRequestFiles(github, repository, input.number) };
      });
      return;
    }
    const seeded = parse(seedPullRequestBody, req, res);
    if (!seeded) return;
    github.pullRequests.delete(seeded.number);
    github.pulls.set(seeded.number, { repository: seeded.repository, files: seeded.files });
    res.status(201).json(seeded);
  });
  router.post(`${path}/merge-groups`, (req, res) => {
    const input = parse(mergeGroupBody, req, res);
    if (!input) return;
    attempt(res, () => {
      const ahead = input.after;
      const group = createMergeGroup(github, input.number, {
        ...(ahead === undefined
          ? {}
          : {
              after: { pullNumber: 0, head_sha: ahead, head_ref: "", base_ref: "", base_sha: "" },
            }),
      });
      return { group, event: mergeGroupEvent(github.git, group, input.repository) };
    });
  });
  router.post(`${path}/pulls/:number/merge`, (req, res) => {
    const input = parse(mergePullRequestBody, req, res);
    if (!input) return;
    attempt(res, () => {
      const push = mergePullRequest(github, Number(req.params.number), { method: input.method });
      return { ...push, event: pushEvent(github.git, { ...push, repository: input.repository }) };
    });
  });
}
