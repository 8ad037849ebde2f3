// @ts-nocheck
import express, { type NextFunction, type Request, type Response, Router } from "express";
import type { z } from "zod";
import {
  type GithubRecorder,
  pullKey,
  type RecordedCheckRun,
  type RecordedCommitStatus,
  type RecordedReviewComment,
  recordReview,
} from "./github-recorder.ts";
import {
  commitStatusBody,
  createCheckRunBody,
  createReviewBody,
  createReviewCommentBody,
  seedPullRequestBody,
  updateCheckRunBody,
  updateReviewCommentBody,
} from "./github-schemas.ts";

/** Where the recording GitHub REST API is mounted: give callers this as `GITHUB_API_URL`. */
export const GITHUB_API_PATH = "/_emulator/github";

const DOCS = "https://docs.github.com/rest";
const BOT = { login: "github-actions[bot]", id: 41898282, type: "Bot" };
const SHA = /^[0-9a-f]{7,40}$/i;

function notFound(res: Response): void {
  res.status(404).json({ message: "Not Found", documentation_url: DOCS });
}

function invalid(res: Response, errors: unknown[]): void {
  res.status(422).json({ message: "Validation Failed", errors, documentation_url: DOCS });
}

/** Parses a body with `schema`; answers 422 like GitHub and returns undefined when it fails. */
function body<T extends z.ZodType>(
  schema: T,
  req: Request,
  res: Response,
): z.output<T> | undefined {
  const parsed = schema.safeParse(req.body ?? {});
  if (parsed.success) return parsed.data;
  invalid(
    res,
    parsed.error.issues.map((i) => ({
      resource: "Request",
      field: i.path.join("."),
      code: "invalid",
      message: i.message,
    })),
  );
  return undefined;
}

/** GitHub answers 401 without credentials; any token is accepted (there is nothing to protect). */
function requireToken(req: Request, res: Response, next: NextFunction): void {
  if (!/^(token|bearer)\s+\S+/i.test(req.headers.authorization ?? "")) {
    res.status(401).json({ message: "Requires authentication", documentation_url: DOCS });
    return;
  }
  next();
}

/**
 * One page of `items` (`per_page` default 30, at most 100; `page` from 1) with a Link header;
 * `wrap` puts the page in the body of endpoints that answer an object (check runs).
 */
function sendPage(
  req: Request,
  res: Response,
  items: readonly unknown[],
  wrap: (page: unknown[]) => unknown = (page) => page,
): void {
  const perPage = Math.min(100, Math.max(1, Number(req.query.per_page ?? 30) || 30));
  const page = Math.max(1, Number(req.query.page ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const url = new URL(`${req.protocol}://${req.headers.host}${req.originalUrl}`);
  const link = (n: number, rel: string) => {
    url.searchParams.set("page", String(n));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page < last) links.push(link(page + 1, "next"), link(last, "last"));
  if (page > 1) links.push(link(1, "first"), link(page - 1, "prev"));
  if (links.length > 0) res.setHeader("link", links.join(", "));
  res.json(wrap(items.slice((page - 1) * perPage, page * perPage)));
}

function statusView(s: RecordedCommitStatus, base: string) {
  return {
    url: `${base}/repos/${s.repository}/statuses/${s.sha}`,
    id: s.id,
    node_id: `SC_${s.id}`,
    state: s.state,
    description: s.description,
    target_url: s.targetUrl,
    context: s.context,
    created_at: s.createdAt,
    updated_at: s.createdAt,
    creator: BOT,
  };
}

function checkRunView(r: RecordedCheckRun, base: string) {
  return {
    id: r.id,
    node_id: `CR_${r.id}`,
    name: r.name,
    head_sha: r.headSha,
    status: r.status,
    conclusion: r.conclusion,
    started_at: r.startedAt,
    completed_at: r.completedAt,
    details_url: r.detailsUrl,
    url: `${base}/repos/${r.repository}/check-runs/${r.id}`,
    html_url: `https://github.com/${r.repository}/runs/${r.id}`,
    output: {
      title: r.output?.title ?? null,
      summary: r.output?.summary ?? null,
      text: r.output?.text ?? null,
      annotations_count: r.annotations.length,
      annotations_url: `${base}/repos/${r.repository}/check-runs/${r.id}/annotations`,
    },
    app: { slug: "github-actions", name: "GitHub Actions" },
  };
}

function commentView(c: RecordedReviewComment, base: string) {
  return {
    id: c.id,
    node_id: `PRRC_${c.id}`,
    pull_request_review_id: c.reviewId,
    path: c.path,
    body: c.body,
    subject_type: c.subjectType,
    line: c.line,
    commit_id: c.commitId,
    user: BOT,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    url: `${base}/repos/${c.repository}/pulls/comments/${c.id}`,
    html_url: `https://github.com/${c.repository}/pull/${c.pullNumber}#discussion_r${c.id}`,
  };
}

/**
 * The recording GitHub under `/_emulator/github`, for offline rehearsal of the Action and the
 * relay: commit statuses, check runs with annotations, pull request files, reviews and review
 * comments, each checked against GitHub's documented rules (422 `Validation Failed` otherwise).
 * Views of what was posted: `GET /_emulator/github/statuses`, `/check-runs`, `/reviews`.
 */
export function githubRouter(github: GithubRecorder, now: () => Date): Router {
  const router = Router();
  const api = Router({ mergeParams: true });
  const base = (req: Request) => `${req.protocol}://${req.headers.host}${GITHUB_API_PATH}`;
  const repository = (req: Request) => `${req.params.owner}/${req.params.repo}`;

  // Views and seeding (no token): what the rehearsal shows and what it starts from.
  router.use(GITHUB_API_PATH, express.json({ limit: "25mb" }));
  router.post(`${GITHUB_API_PATH}/pulls`, (req, res) => {
    const seeded = body(seedPullRequestBody, req, res);
    if (!seeded) return;
    github.pulls.set(pullKey(seeded.repository, seeded.number), seeded);
    res.status(201).json(seeded);
  });
  router.get(`${GITHUB_API_PATH}/statuses`, (_req, res) => res.json(github.statuses));
  router.get(`${GITHUB_API_PATH}/check-runs`, (_req, res) => res.json(github.checkRuns));
  router.get(`${GITHUB_API_PATH}/reviews`, (_req, res) =>
    res.json(
      github.reviews.map((r) => ({
        ...r,
        comments: github.reviewComments.filter((c) => c.reviewId === r.id),
      })),
    ),
  );
  router.delete(GITHUB_API_PATH, (_req, res) => {
    github.clear();
    res.status(204).end();
  });

  api.use(requireToken);

  api.post("/statuses/:sha", (req, res) => {
    if (!SHA.test(String(req.params.sha))) {
      invalid(res, [
        {
          resource: "Status",
          code: "custom",
          message: `No commit found for SHA: ${req.params.sha}`,
        },
      ]);
      return;
    }
    const input = body(commitStatusBody, req, res);
    if (!input) return;
    const status: RecordedCommitStatus = {
      id: github.newId(),
      repository: repository(req),
      sha: String(req.params.sha).toLowerCase(),
      state: input.state,
      description: input.description ?? null,
      context: input.context,
      targetUrl: input.target_url ?? null,
      createdAt: now().toISOString(),
    };
    github.statuses.push(status);
    res.status(201).json(statusView(status, base(req)));
  });

  api.get("/commits/:ref/statuses", (req, res) => {
    const ref = String(req.params.ref).toLowerCase();
    const items = github.statuses
      .filter((s) => s.repository === repository(req) && s.sha === ref)
      .reverse()
      .map((s) => statusView(s, base(req)));
    sendPage(req, res, items);
  });

  api.post("/check-runs", (req, res) => {
    const input = body(createCheckRunBody, req, res);
    if (!input) return;
    const completed = input.conclusion !== undefined;
    const run: RecordedCheckRun = {
      id: github.newId(),
      repository: repository(req),
      name: input.name,
      headSha: input.head_sha,
      status: completed ? "completed" : (input.status ?? "queued"),
      conclusion: input.conclusion ?? null,
      startedAt: input.started_at ?? now().toISOString(),
      completedAt: completed ? (input.completed_at ?? now().toISOString()) : null,
      detailsUrl: input.details_url ?? null,
      output: input.output
        ? {
            title: input.output.title,
            summary: input.output.summary,
            text: input.output.text ?? null,
          }
        : null,
      annotations: [...(input.output?.annotations ?? [])],
      createdAt: now().toISOString(),
    };
    github.checkRuns.push(run);
    res.status(201).json(checkRunView(run, base(req)));
  });

  const findRun = (req: Request) =>
    github.checkRuns.find(
      (r) => r.id === Number(req.params.id) && r.repository === repository(req),
    );

  api.patch("/check-runs/:id", (req, res) => {
    const run = findRun(req);
    if (!run) return notFound(res);
    const input = body(updateCheckRunBody, req, res);
    if (!input) return;
    if (input.name !== undefined) run.name = input.name;
    if (input.status !== undefined) run.status = input.status;
    if (input.details_url !== undefined) run.detailsUrl = input.details_url;
    if (input.conclusion !== undefined) {
      run.conclusion = input.conclusion;
      run.status = "completed";
      run.completedAt = input.completed_at ?? now().toISOString();
    }
    if (input.output) {
      run.output = {
        title: input.output.title,
        summary: input.output.summary,
        text: input.output.text ?? null,
      };
      // Annotations add up over requests, as GitHub keeps them (50 per request at most).
      run.annotations.push(...(input.output.annotations ?? []));
    }
    res.json(checkRunView(run, base(req)));
  });

  api.get("/check-runs/:id", (req, res) => {
    const run = findRun(req);
    if (!run) return notFound(res);
    res.json(checkRunView(run, base(req)));
  });

  // The check runs of a commit, newest first; `filter=latest` (the default) keeps the newest of
  // each name, so finding an earlier run of the same name (incremental review) takes `all`.
  api.get("/commits/:ref/check-runs", (req, res) => {
    const ref = String(req.params.ref).toLowerCase();
    const name = typeof req.query.check_name === "string" ? req.query.check_name : undefined;
    const status = typeof req.query.status === "string" ? req.query.status : undefined;
    let runs = github.checkRuns.filter(
      (r) =>
        r.repository === repository(req) &&
        r.headSha.toLowerCase() === ref &&
        (name === undefined || r.name === name) &&
        (status === undefined || r.status === status),
    );
    if ((req.query.filter ?? "latest") === "latest")
      runs = runs.filter((r) => !runs.some((o) => o.name === r.name && o.id > r.id));
    const items = [...runs].reverse().map((r) => checkRunView(r, base(req)));
    sendPage(req, res, items, (page) => ({ total_count: items.length, check_runs: page }));
  });

  api.get("/check-runs/:id/annotations", (req, res) => {
    const run = findRun(req);
    if (!run) return notFound(res);
    sendPage(
      req,
      res,
      run.annotations.map((a) => ({ blob_href: null, ...a })),
    );
  });

  const findPull = (req: Request) =>
    github.pulls.get(pullKey(repository(req), Number(req.params.number)));

  api.get("/pulls/:number/files", (req, res) => {
    const pull = findPull(req);
    if (!pull) return notFound(res);
    sendPage(
      req,
      res,
      pull.files.map((f) => ({
        // GitHub lists the file's blob sha at the head. The recorder knows no file's content, so
        // without a seeded sha it answers null (as GitHub may): callers then hash the bytes.
        sha: f.sha ?? null,
        filename: f.filename,
        status: f.status,
        additions: 0,
        deletions: 0,
        changes: 0,
      })),
    );
  });

  api.get("/pulls/:number/comments", (req, res) => {
    const pull = findPull(req);
    if (!pull) return notFound(res);
    const items = github.reviewComments
      .filter((c) => c.repository === pull.repository && c.pullNumber === pull.number)
      .map((c) => commentView(c, base(req)));
    sendPage(req, res, items);
  });

  api.patch("/pulls/comments/:id", (req, res) => {
    const comment = github.reviewComments.find(
      (c) => c.id === Number(req.params.id) && c.repository === repository(req),
    );
    if (!comment) return notFound(res);
    const input = body(updateReviewCommentBody, req, res);
    if (!input) return;
    comment.body = input.body;
    comment.updatedAt = now().toISOString();
    comment.updates += 1;
    res.json(commentView(comment, base(req)));
  });

  api.post("/pulls/:number/comments", (req, res) => {
    const pull = findPull(req);
    if (!pull) return notFound(res);
    const input = body(createReviewCommentBody, req, res);
    if (!input) return;
    if (!pull.files.some((f) => f.filename === input.path)) {
      invalid(res, [
        {
          resource: "PullRequestReviewComment",
          code: "invalid",
          field: "path",
          message: `Path could not be resolved: ${input.path}`,
        },
      ]);
      return;
    }
    // A single comment comes with a review of its own, as on GitHub.
    const { comments } = recordReview(
      github,
      pull,
      { event: "COMMENT", body: "", commitId: input.commit_id, comments: [input] },
      now().toISOString(),
    );
    const comment = comments[0]!;
    res.status(201).json(commentView(comment, base(req)));
  });

  api.post("/pulls/:number/reviews", (req, res) => {
    const pull = findPull(req);
    if (!pull) return notFound(res);
    const input = body(createReviewBody, req, res);
    if (!input) return;
    const files = new Set(pull.files.map((f) => f.filename));
    const stray = input.comments?.find((c) => !files.has(c.path));
    if (stray) {
      res.status(422).json({
        message: "Unprocessable Entity",
        errors: [`Path could not be resolved: ${stray.path}`],
        documentation_url: DOCS,
      });
      return;
    }
    const event = input.event ?? "PENDING";
    const { review } = recordReview(
      github,
      pull,
      {
        event,
        body: input.body ?? "",
        commitId: input.commit_id ?? null,
        comments: input.comments ?? [],
      },
      now().toISOString(),
    );
    const state = {
      APPROVE: "APPROVED",
      REQUEST_CHANGES: "CHANGES_REQUESTED",
      COMMENT: "COMMENTED",
      PENDING: "PENDING",
    }[event];
    res.status(200).json({
      id: review.id,
      node_id: `PRR_${review.id}`,
      user: BOT,
      body: review.body,
      state,
      commit_id: review.commitId,
      submitted_at: review.submittedAt,
      html_url: `https://github.com/${pull.repository}/pull/${pull.number}#pullrequestreview-${review.id}`,
    });
  });

  router.use(`${GITHUB_API_PATH}/repos/:owner/:repo`, api);
  router.use(`${GITHUB_API_PATH}/repos`, (_req, res) => notFound(res));
  return router;
}
