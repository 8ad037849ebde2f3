import { createHash } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "../read-body.ts";
import { checkAgainstOpenApi } from "./github-openapi.ts";

/** A commit status as the fake GitHub stores it. */
export interface FakeCommitStatus {
  readonly repository: string;
  readonly sha: string;
  readonly state: string;
  readonly description: string | undefined;
  readonly context: string | undefined;
  readonly target_url: string | undefined;
}

export interface FakeCheckRun {
  readonly id: number;
  readonly repository: string;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  output: { title?: string; summary?: string } | null;
  annotations: Record<string, unknown>[];
  /** Annotation counts of each request, to check the batches of 50. */
  readonly annotationBatches: number[];
}

export interface FakeReviewComment {
  readonly id: number;
  readonly pull_number: number;
  readonly path: string;
  body: string;
  readonly subject_type: string | undefined;
  readonly review_id: number;
  updates: number;
}

export interface FakeReview {
  readonly id: number;
  readonly pull_number: number;
  readonly event: string | undefined;
  readonly body: string | undefined;
  readonly commit_id: string | undefined;
  readonly commentIds: number[];
}

export interface FakeGithubOptions {
  readonly token: string;
  /** Return 500 for this call (1-based count of status calls) instead of recording it. */
  readonly fail?: (callNumber: number) => boolean;
  /** Validate every request against `@octokit/openapi` (422 and a recorded violation otherwise). @default true */
  readonly validate?: boolean;
}

/** Permission scopes the fake can deny with 403, as a token without them would get. */
export type FakeScope = "checks" | "pulls" | "statuses";

export interface FakeGithub {
  /** The API base to give Octokit (`GITHUB_API_URL`). */
  readonly apiUrl: string;
  readonly statuses: FakeCommitStatus[];
  readonly checkRuns: FakeCheckRun[];
  readonly reviews: FakeReview[];
  readonly reviewComments: FakeReviewComment[];
  /** Every request: method, path (no query), operation id and status answered. */
  readonly requests: {
    method: string;
    path: string;
    operationId: string | undefined;
    status: number;
  }[];
  /** Requests that GitHub's OpenAPI description (or a documented limit) does not allow. */
  readonly violations: string[];
  /** The files of a pull request, as `pulls.listFiles` returns them. */
  addPullRequest(number: number, files: readonly { filename: string; status: string }[]): void;
  /** The files of a compare (`before...after`). */
  setCompare(basehead: string, files: readonly { filename: string; status: string }[]): void;
  /**
   * The tree of commit `sha` (for `git.getTree` and `git.getBlob`): files by path, with their
   * content, and a mode (default `100644`; `120000` is a symbolic link).
   */
  setTree(sha: string, files: Record<string, { content: string; mode?: string }>): void;
  /** Answer 403 to calls of this scope. */
  deny(scope: FakeScope): void;
  close(): Promise<void>;
}

const SCOPE_OF: Readonly<Record<string, FakeScope>> = Object.freeze({
  "checks/create": "checks",
  "checks/update": "checks",
  "pulls/create-review": "pulls",
  "pulls/update-review-comment": "pulls",
  "repos/create-commit-status": "statuses",
});

/**
 * A loopback GitHub REST API, stateful enough for the Action and the relay: pull request files,
 * compare, Git trees and blobs, check runs, PR reviews and review comments, commit statuses. Every request is checked
 * against GitHub's published OpenAPI description, plus the limits GitHub documents elsewhere
 * (50 annotations per request, 65,535 characters of summary or comment).
 */
export async function startFakeGithub(options: FakeGithubOptions): Promise<FakeGithub> {
  const statuses: FakeCommitStatus[] = [];
  const checkRuns: FakeCheckRun[] = [];
  const reviews: FakeReview[] = [];
  const reviewComments: FakeReviewComment[] = [];
  const requests: FakeGithub["requests"] = [];
  const violations: string[] = [];
  const pulls = new Map<number, { filename: string; status: string }[]>();
  const compares = new Map<string, { filename: string; status: string }[]>();
  const denied = new Set<FakeScope>();
  const trees = new Map<string, Record<string, { content: string; mode?: string }>>();
  const blobs = new Map<string, string>();
  let statusCalls = 0;
  let nextId = 1000;
  let baseUrl = "";

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const method = req.method ?? "GET";
    let operationId: string | undefined;
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method, path: url.pathname, operationId, status });
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    if (
      req.headers.authorization !== `token ${options.token}` &&
      req.headers.authorization !== `Bearer ${options.token}`
    ) {
      send(401, { message: "Bad credentials" });
      return;
    }
    const verdict =
      options.validate === false
        ? matchWithoutValidation(method, url.pathname)
        : checkAgainstOpenApi(method, req.url ?? "/", body);
    if (!verdict.ok) {
      violations.push(verdict.problem);
      send(422, { message: "Validation Failed", errors: [verdict.problem] });
      return;
    }
    operationId = verdict.operationId;
    const p: Record<string, string> = verdict.params;
    const repository = `${p["owner"]}/${p["repo"]}`;
    const input = (body === "" ? {} : JSON.parse(body)) as Record<string, unknown>;
    const scope = SCOPE_OF[operationId];
    if (scope !== undefined && denied.has(scope)) {
      send(403, { message: "Resource not accessible by integration" });
      return;
    }
    const limit = (what: string, text: unknown, max: number) => {
      if (typeof text === "string" && text.length > max) {
        violations.push(
          `${operationId}: ${what} is ${text.length} characters, over GitHub's ${max}`,
        );
        return true;
      }
      return false;
    };
    switch (operationId) {
      case "repos/create-commit-status": {
        statusCalls += 1;
        if (options.fail?.(statusCalls) === true) return send(500, { message: "Server Error" });
        const description = input["description"] as string | undefined;
        if (description !== undefined && description.length > 140) {
          return send(422, {
            message: "Validation Failed",
            errors: [{ field: "description", code: "custom" }],
          });
        }
        const status: FakeCommitStatus = {
          repository,
          sha: p["sha"]!,
          state: String(input["state"]),
          description,
          context: input["context"] as string | undefined,
          target_url: input["target_url"] as string | undefined,
        };
        statuses.push(status);
        return send(201, { id: statuses.length, ...status });
      }
      case "pulls/list-files": {
        const files = pulls.get(Number(p["pull_number"])) ?? [];
        return sendPage(
          res,
          send,
          url,
          files.map((f, i) => ({ sha: `${i}`, additions: 1, deletions: 0, changes: 1, ...f })),
        );
      }
      case "repos/compare-commits-with-basehead": {
        const files = compares.get(p["basehead"]!);
        // GitHub answers 404 for a comparison with an unknown commit or branch.
        if (files === undefined) return send(404, { message: "Not Found" });
        return send(200, {
          status: "ahead",
          ahead_by: 1,
          behind_by: 0,
          total_commits: 1,
          commits: [],
          files,
        });
      }
      case "git/get-tree": {
        const files = trees.get(p["tree_sha"]!);
        if (files === undefined) return send(404, { message: "Not Found" });
        return send(200, {
          sha: p["tree_sha"],
          url: `${baseUrl}/repos/${repository}/git/trees/${p["tree_sha"]}`,
          truncated: false,
          tree: Object.entries(files).map(([path, f]) => {
            const sha = createHash("sha1").update(f.content).digest("hex");
            blobs.set(sha, f.content);
            return {
              path,
              mode: f.mode ?? "100644",
              type: "blob",
              sha,
              size: Buffer.byteLength(f.content),
              url: `${baseUrl}/repos/${repository}/git/blobs/${sha}`,
            };
          }),
        });
      }
      case "git/get-blob": {
        const content = blobs.get(p["file_sha"]!);
        if (content === undefined) return send(404, { message: "Not Found" });
        // `mediaType: { format: "raw" }` asks for `application/vnd.github.v3.raw`.
        if (!/^application\/vnd\.github(\.v3)?\.raw/.test(req.headers.accept ?? "")) {
          return send(200, {
            sha: p["file_sha"],
            size: Buffer.byteLength(content),
            encoding: "base64",
            content: Buffer.from(content).toString("base64"),
          });
        }
        requests.push({ method, path: url.pathname, operationId, status: 200 });
        res.writeHead(200, { "content-type": "application/vnd.github.raw+json" });
        res.end(content);
        return;
      }
      case "checks/create": {
        const output = input["output"] as
          | { title?: string; summary?: string; annotations?: unknown[] }
          | undefined;
        if (
          limit("output.summary", output?.summary, 65_535) ||
          (output?.annotations?.length ?? 0) > 50
        ) {
          return send(422, { message: "Validation Failed" });
        }
        const run: FakeCheckRun = {
          id: nextId++,
          repository,
          name: String(input["name"]),
          head_sha: String(input["head_sha"]),
          status: String(input["status"] ?? "queued"),
          conclusion: (input["conclusion"] as string | undefined) ?? null,
          output: output ? { title: output.title, summary: output.summary } : null,
          annotations: [...((output?.annotations as Record<string, unknown>[]) ?? [])],
          annotationBatches: output?.annotations ? [output.annotations.length] : [],
        };
        if (run.conclusion !== null) run.status = "completed";
        checkRuns.push(run);
        return send(201, {
          id: run.id,
          name: run.name,
          head_sha: run.head_sha,
          status: run.status,
          conclusion: run.conclusion,
        });
      }
      case "checks/update": {
        const run = checkRuns.find((r) => r.id === Number(p["check_run_id"]));
        if (!run) return send(404, { message: "Not Found" });
        const output = input["output"] as
          | { title?: string; summary?: string; annotations?: unknown[] }
          | undefined;
        if (
          limit("output.summary", output?.summary, 65_535) ||
          (output?.annotations?.length ?? 0) > 50
        ) {
          violations.push(
            `checks/update: ${output?.annotations?.length} annotations in one request`,
          );
          return send(422, { message: "Validation Failed" });
        }
        if (input["status"] !== undefined) run.status = String(input["status"]);
        if (input["conclusion"] !== undefined) {
          run.conclusion = String(input["conclusion"]);
          run.status = "completed";
        }
        if (output) {
          run.output = { title: output.title, summary: output.summary };
          run.annotations.push(...((output.annotations as Record<string, unknown>[]) ?? []));
          if (output.annotations) run.annotationBatches.push(output.annotations.length);
        }
        return send(200, {
          id: run.id,
          name: run.name,
          status: run.status,
          conclusion: run.conclusion,
        });
      }
      case "pulls/list-review-comments": {
        const number = Number(p["pull_number"]);
        const items = reviewComments
          .filter((c) => c.pull_number === number)
          .map((c) => commentView(c, baseUrl, repository));
        return sendPage(res, send, url, items);
      }
      case "pulls/update-review-comment": {
        const comment = reviewComments.find((c) => c.id === Number(p["comment_id"]));
        if (!comment) return send(404, { message: "Not Found" });
        if (limit("body", input["body"], 65_536))
          return send(422, { message: "Validation Failed" });
        comment.body = String(input["body"]);
        comment.updates += 1;
        return send(200, commentView(comment, baseUrl, repository));
      }
      case "pulls/create-review": {
        const number = Number(p["pull_number"]);
        const files = new Set((pulls.get(number) ?? []).map((f) => f.filename));
        const comments = (input["comments"] as Record<string, unknown>[] | undefined) ?? [];
        for (const c of comments) {
          if (!files.has(String(c["path"]))) {
            violations.push(
              `pulls/create-review: ${String(c["path"])} is not a file of pull request ${number}`,
            );
            return send(422, {
              message: "Unprocessable Entity",
              errors: ["Path could not be resolved"],
            });
          }
          if (
            c["line"] === undefined &&
            c["position"] === undefined &&
            c["subject_type"] !== "file"
          ) {
            violations.push(
              "pulls/create-review: a comment needs line, position or subject_type file",
            );
            return send(422, { message: "Unprocessable Entity" });
          }
          if (limit("comment body", c["body"], 65_536))
            return send(422, { message: "Validation Failed" });
        }
        const review: FakeReview = {
          id: nextId++,
          pull_number: number,
          event: input["event"] as string | undefined,
          body: input["body"] as string | undefined,
          commit_id: input["commit_id"] as string | undefined,
          commentIds: [],
        };
        for (const c of comments) {
          const comment: FakeReviewComment = {
            id: nextId++,
            pull_number: number,
            path: String(c["path"]),
            body: String(c["body"]),
            subject_type: c["subject_type"] as string | undefined,
            review_id: review.id,
            updates: 0,
          };
          reviewComments.push(comment);
          review.commentIds.push(comment.id);
        }
        reviews.push(review);
        return send(200, {
          id: review.id,
          body: review.body ?? "",
          state: "COMMENTED",
          commit_id: review.commit_id,
        });
      }
      default:
        return send(404, { message: `The fake does not implement ${operationId}` });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    apiUrl: baseUrl,
    statuses,
    checkRuns,
    reviews,
    reviewComments,
    requests,
    violations,
    addPullRequest: (number, files) => pulls.set(number, [...files]),
    setCompare: (basehead, files) => compares.set(basehead, [...files]),
    setTree: (sha, files) => trees.set(sha, { ...files }),
    deny: (scope) => denied.add(scope),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function commentView(c: FakeReviewComment, baseUrl: string, repository: string) {
  return {
    id: c.id,
    pull_request_review_id: c.review_id,
    path: c.path,
    body: c.body,
    subject_type: c.subject_type ?? "line",
    url: `${baseUrl}/repos/${repository}/pulls/comments/${c.id}`,
    user: { login: "github-actions[bot]", type: "Bot" },
  };
}

/** Answers one page of `items` (`per_page`, `page`) with a Link header, as GitHub paginates. */
function sendPage(
  _res: ServerResponse,
  send: (status: number, payload: unknown, headers?: Record<string, string>) => void,
  url: URL,
  items: unknown[],
): void {
  const perPage = Number(url.searchParams.get("per_page") ?? 30);
  const page = Number(url.searchParams.get("page") ?? 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const headers: Record<string, string> = {};
  if (page * perPage < items.length) {
    const next = new URL(url.toString());
    next.searchParams.set("page", String(page + 1));
    headers["link"] = `<http://${_res.req.headers.host}${next.pathname}${next.search}>; rel="next"`;
  }
  send(200, slice, headers);
}

/** Without validation, only the status route is recognised (the relay's original fake). */
function matchWithoutValidation(method: string, path: string) {
  const match = /^\/repos\/([^/]+)\/([^/]+)\/statuses\/([0-9a-f]+)$/.exec(path);
  if (method !== "POST" || match === null)
    return { ok: false as const, problem: `not implemented: ${method} ${path}` };
  return {
    ok: true as const,
    operationId: "repos/create-commit-status",
    params: { owner: match[1]!, repo: match[2]!, sha: match[3]! },
  };
}
