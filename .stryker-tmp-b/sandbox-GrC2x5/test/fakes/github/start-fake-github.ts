// @ts-nocheck
import { createHash } from "node:crypto";
import { createServer, type RequestListener, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
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
  readonly created_at: string;
}

export interface FakeCheckRun {
  readonly id: number;
  readonly repository: string;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  started_at: string | null;
  completed_at: string | null;
  output: { title?: string; summary?: string; text?: string } | null;
  annotations: Record<string, unknown>[];
  /** Annotation counts of each request, to check the batches of 50. */
  readonly annotationBatches: number[];
  /** The GitHub App the run belongs to: the one of the token that created it. */
  readonly app: FakeApp;
}

/** A GitHub App, as check runs name the App that created them. */
export interface FakeApp {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
}

/** The App of the Actions token (`GITHUB_TOKEN`), which creates the Action's check runs. */
export const ACTIONS_APP: FakeApp = Object.freeze({
  id: 15368,
  slug: "github-actions",
  name: "GitHub Actions",
});

/** GitHub's limit on a check run's `output.summary` and `output.text`: 65,535 characters. */
export const CHECK_OUTPUT_LIMIT = 65_535;

/** The author of a comment, as GitHub shows it (`type` is `Bot` for Apps and the Actions token). */
export interface FakeUser {
  readonly login: string;
  readonly id: number;
  readonly type: "User" | "Bot";
}

/** The account the fake's token belongs to: GitHub Actions' own Bot user. */
export const ACTIONS_BOT: FakeUser = Object.freeze({
  login: "github-actions[bot]",
  id: 41898282,
  type: "Bot",
});

export interface FakeReviewComment {
  readonly id: number;
  readonly pull_number: number;
  readonly path: string;
  body: string;
  readonly subject_type: string | undefined;
  /** The line of the new file (side RIGHT) a line comment is on. */
  readonly line: number | undefined;
  readonly commit_id: string | undefined;
  /** The review the comment came in, or null for one posted on its own. */
  readonly review_id: number | null;
  readonly user: FakeUser;
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
  /**
   * Hold back the answer of this status call (1-based) for so many ms after recording it, as
   * when GitHub sets a status but the answer does not come back in time; null answers at once.
   */
  readonly stallStatus?: (callNumber: number) => number | null;
  /** Validate every request against `@octokit/openapi` (422 and a recorded violation otherwise). @default true */
  readonly validate?: boolean;
  /** Serve HTTPS with this key and certificate (PEM), as github.com and GHES do. @default plain HTTP */
  readonly tls?: { readonly key: string; readonly cert: string };
  /** Installation tokens of other GitHub Apps: their check runs belong to those Apps. */
  readonly otherApps?: Readonly<Record<string, FakeApp>>;
}

/** Permission scopes the fake can deny with 403, as a token without them would get. */
export type FakeScope = "checks" | "pulls" | "statuses";

/**
 * Behaviours of GitHub versions that differ from api.github.com, switchable per test.
 * - `subjectTypeInReview: "reject"`: a review whose comments carry `subject_type` is refused
 *   with 422, as older GitHub Enterprise Server versions answer (`"subject_type" is not a
 *   permitted key`).
 * - `fileComments: "reject"`: a single file-level comment is refused too.
 */
export interface FakeQuirks {
  readonly subjectTypeInReview?: "accept" | "reject";
  readonly fileComments?: "accept" | "reject";
}

/**
 * A file of a pull request; `patch` is its unified diff, absent for binary files. GitHub lists
 * each file's Git blob sha at the head: given `content`, the fake computes it from the content;
 * given `sha`, it lists that; given neither, a sha of its own per `addPullRequest` call (each
 * call is a new head, whose files are new versions).
 */
export interface FakePullRequestFile {
  readonly filename: string;
  readonly status: string;
  readonly patch?: string;
  readonly content?: string | Buffer;
  readonly sha?: string;
}

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
  /** The files of a pull request at its (new) head, as `pulls.listFiles` returns them. */
  addPullRequest(number: number, files: readonly FakePullRequestFile[]): void;
  /** A review comment written by someone else (a person, or another App), for re-run tests. */
  addReviewComment(
    number: number,
    comment: { path: string; body: string; user: FakeUser; line?: number },
  ): FakeReviewComment;
  /** Switch behaviours of other GitHub versions on or off (see {@link FakeQuirks}). */
  setQuirks(quirks: FakeQuirks): void;
  /** The files of a compare (`before...after`), with their blob sha at the head when given. */
  setCompare(
    basehead: string,
    files: readonly { filename: string; status: string; sha?: string }[],
  ): void;
  /**
   * A pull request's head (and base) commit, for `pulls.get`; `associatedWith` lists it for
   * those commits in `commits/{sha}/pulls` (a squash or merge commit, and the head itself).
   */
  setPullRequestHead(
    number: number,
    head: { sha: string; ref?: string; baseSha?: string; associatedWith?: readonly string[] },
  ): void;
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
  "checks/get": "checks",
  "checks/list-for-ref": "checks",
  "pulls/create-review": "pulls",
  "pulls/create-review-comment": "pulls",
  "pulls/update-review-comment": "pulls",
  "repos/create-commit-status": "statuses",
});

/**
 * A loopback GitHub REST API, stateful enough for the Action and the relay: pull request files
 * (with their blob shas), compare, Git trees and blobs, check runs (created, updated, listed for a
 * commit with `check_name`, `filter`, `app_id` and pagination, and read one by one), PR reviews
 * and review comments, commit statuses. Every request is checked against GitHub's published
 * OpenAPI description, plus the limits GitHub documents elsewhere (50 annotations per request,
 * 65,535 characters of a check run's summary or text, or of a comment), which it refuses with 422.
 */
export async function startFakeGithub(options: FakeGithubOptions): Promise<FakeGithub> {
  const statuses: FakeCommitStatus[] = [];
  const checkRuns: FakeCheckRun[] = [];
  const reviews: FakeReview[] = [];
  const reviewComments: FakeReviewComment[] = [];
  const requests: FakeGithub["requests"] = [];
  const violations: string[] = [];
  const pulls = new Map<number, (FakePullRequestFile & { sha: string })[]>();
  let heads = 0;
  let quirks: FakeQuirks = {};
  const compares = new Map<string, { filename: string; status: string; sha?: string }[]>();
  const pullHeads = new Map<number, { sha: string; ref: string; baseSha: string }>();
  const commitPulls = new Map<string, number[]>();
  const pullView = (number: number, repository: string) => {
    const head = pullHeads.get(number)!;
    return {
      id: 500_000 + number,
      number,
      state: "open",
      title: `Pull request ${number}`,
      url: `${baseUrl}/repos/${repository}/pulls/${number}`,
      html_url: `https://github.com/${repository}/pull/${number}`,
      head: { sha: head.sha, ref: head.ref, label: `octo:${head.ref}` },
      base: { sha: head.baseSha, ref: "main", label: "octo:main" },
      user: userView({ login: "octocat", id: 583231, type: "User" }),
    };
  };
  const denied = new Set<FakeScope>();
  const trees = new Map<string, Record<string, { content: string; mode?: string }>>();
  const blobs = new Map<string, string>();
  let statusCalls = 0;
  let nextId = 1000;
  let baseUrl = "";

  /** GitHub's rules for a review comment: a file of the PR, and a line of its diff or the file. */
  const refuseComment = (number: number, c: Record<string, unknown>, operation: string) => {
    const file = (pulls.get(number) ?? []).find((f) => f.filename === String(c["path"]));
    if (file === undefined) {
      violations.push(`${operation}: ${String(c["path"])} is not a file of pull request ${number}`);
      return { message: "Unprocessable Entity", errors: ["Path could not be resolved"] };
    }
    if (c["subject_type"] === "file") return undefined;
    if (c["line"] === undefined && c["position"] === undefined) {
      violations.push(`${operation}: a comment needs line, position or subject_type file`);
      return { message: "Unprocessable Entity", errors: ["A line or subject_type is needed"] };
    }
    if (c["line"] !== undefined) {
      const side = (c["side"] as string | undefined) ?? "RIGHT";
      const lines = side === "LEFT" ? new Set<number>() : rightSideLines(file.patch);
      if (!lines.has(Number(c["line"]))) {
        violations.push(
          `${operation}: line ${String(c["line"])} of ${file.filename} is not part of the diff`,
        );
        return {
          message: "Unprocessable Entity",
          errors: ["Pull request review thread line must be part of the diff"],
        };
      }
    }
    return undefined;
  };

  const storeComment = (
    number: number,
    c: Record<string, unknown>,
    reviewId: number | null,
    commitId: string | undefined,
    user: FakeUser = ACTIONS_BOT,
  ): FakeReviewComment => {
    const comment: FakeReviewComment = {
      id: nextId++,
      pull_number: number,
      path: String(c["path"]),
      body: String(c["body"]),
      subject_type: (c["subject_type"] as string | undefined) ?? "line",
      line: c["line"] === undefined ? undefined : Number(c["line"]),
      commit_id: commitId,
      review_id: reviewId,
      user,
      updates: 0,
    };
    reviewComments.push(comment);
    return comment;
  };

  const handler: RequestListener = async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const method = req.method ?? "GET";
    let operationId: string | undefined;
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method, path: url.pathname, operationId, status });
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    const token = /^(?:token|Bearer) (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const app =
      token === options.token
        ? ACTIONS_APP
        : token === undefined
          ? undefined
          : options.otherApps?.[token];
    if (app === undefined) {
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
    /** GitHub's limits on a check run's output: 422 beyond them, and a recorded violation. */
    const refuseOutput = (operation: string, output: CheckOutput | undefined) => {
      const tooLong =
        limit("output.summary", output?.summary, CHECK_OUTPUT_LIMIT) ||
        limit("output.text", output?.text, CHECK_OUTPUT_LIMIT);
      const annotations = output?.annotations?.length ?? 0;
      if (annotations > 50)
        violations.push(`${operation}: ${annotations} annotations in one request`);
      return tooLong || annotations > 50;
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
          created_at: new Date().toISOString(),
        };
        statuses.push(status);
        const stalled = options.stallStatus?.(statusCalls) ?? null;
        if (stalled !== null) {
          const id = statuses.length;
          setTimeout(() => {
            if (!res.destroyed) send(201, statusView(status, id));
          }, stalled);
          return;
        }
        return send(201, statusView(status, statuses.length));
      }
      case "repos/list-commit-statuses-for-ref": {
        // Newest first, as GitHub lists them; `ref` here is always a sha.
        const listed = statuses
          .map((st, i) => ({ st, id: i + 1 }))
          .filter(({ st }) => st.repository === repository && st.sha === p["ref"])
          .reverse()
          .map(({ st, id }) => statusView(st, id));
        return sendPage(res, send, url, listed);
      }
      case "pulls/list-files": {
        const files = pulls.get(Number(p["pull_number"])) ?? [];
        return sendPage(
          res,
          send,
          url,
          files.map(({ content: _content, ...f }) => ({
            additions: 1,
            deletions: 0,
            changes: 1,
            blob_url: `https://github.com/${repository}/blob/${f.sha}/${f.filename}`,
            raw_url: `https://github.com/${repository}/raw/${f.sha}/${f.filename}`,
            contents_url: `${baseUrl}/repos/${repository}/contents/${f.filename}`,
            ...f,
          })),
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
      case "pulls/get": {
        if (!pullHeads.has(Number(p["pull_number"]))) return send(404, { message: "Not Found" });
        return send(200, pullView(Number(p["pull_number"]), repository));
      }
      case "repos/list-pull-requests-associated-with-commit": {
        const numbers = commitPulls.get(p["commit_sha"]!) ?? [];
        return sendPage(
          res,
          send,
          url,
          numbers.map((n) => pullView(n, repository)),
        );
      }
      case "git/get-tree": {
        const files = trees.get(p["tree_sha"]!);
        if (files === undefined) return send(404, { message: "Not Found" });
        return send(200, {
          sha: p["tree_sha"],
          url: `${baseUrl}/repos/${repository}/git/trees/${p["tree_sha"]}`,
          truncated: false,
          tree: Object.entries(files).map(([path, f]) => {
            const sha = gitBlobSha(f.content);
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
        const output = input["output"] as CheckOutput | undefined;
        if (refuseOutput("checks/create", output))
          return send(422, { message: "Validation Failed" });
        const now = new Date().toISOString();
        const run: FakeCheckRun = {
          id: nextId++,
          repository,
          name: String(input["name"]),
          head_sha: String(input["head_sha"]),
          status: String(input["status"] ?? "queued"),
          conclusion: (input["conclusion"] as string | undefined) ?? null,
          started_at: (input["started_at"] as string | undefined) ?? now,
          completed_at: null,
          output: output
            ? { title: output.title, summary: output.summary, text: output.text }
            : null,
          annotations: [...((output?.annotations as Record<string, unknown>[]) ?? [])],
          annotationBatches: output?.annotations ? [output.annotations.length] : [],
          app,
        };
        if (run.conclusion !== null) {
          run.status = "completed";
          run.completed_at = (input["completed_at"] as string | undefined) ?? now;
        }
        checkRuns.push(run);
        return send(201, checkRunView(run, baseUrl));
      }
      case "checks/update": {
        const run = checkRuns.find(
          (r) => r.id === Number(p["check_run_id"]) && r.repository === repository,
        );
        if (!run) return send(404, { message: "Not Found" });
        const output = input["output"] as CheckOutput | undefined;
        if (refuseOutput("checks/update", output))
          return send(422, { message: "Validation Failed" });
        if (input["status"] !== undefined) run.status = String(input["status"]);
        if (input["conclusion"] !== undefined) {
          run.conclusion = String(input["conclusion"]);
          run.status = "completed";
          run.completed_at =
            (input["completed_at"] as string | undefined) ?? new Date().toISOString();
        }
        if (output) {
          run.output = { title: output.title, summary: output.summary, text: output.text };
          run.annotations.push(...((output.annotations as Record<string, unknown>[]) ?? []));
          if (output.annotations) run.annotationBatches.push(output.annotations.length);
        }
        return send(200, checkRunView(run, baseUrl));
      }
      case "checks/get": {
        const run = checkRuns.find(
          (r) => r.id === Number(p["check_run_id"]) && r.repository === repository,
        );
        if (!run) return send(404, { message: "Not Found" });
        return send(200, checkRunView(run, baseUrl));
      }
      case "checks/list-for-ref": {
        const name = url.searchParams.get("check_name");
        const status = url.searchParams.get("status");
        const appId = url.searchParams.get("app_id");
        let runs = checkRuns.filter(
          (r) =>
            r.repository === repository &&
            r.head_sha === p["ref"] &&
            (name === null || r.name === name) &&
            (status === null || r.status === status) &&
            (appId === null || r.app.id === Number(appId)),
        );
        // `latest` (the default) keeps only the most recent run of each name and App.
        if ((url.searchParams.get("filter") ?? "latest") === "latest") {
          const newest = new Map<string, FakeCheckRun>();
          for (const r of runs) {
            const key = `${r.app.id}\u0000${r.name}`;
            if ((newest.get(key)?.id ?? -1) < r.id) newest.set(key, r);
          }
          runs = runs.filter((r) => newest.get(`${r.app.id}\u0000${r.name}`) === r);
        }
        return sendPage(
          res,
          send,
          url,
          [...runs].reverse().map((r) => checkRunView(r, baseUrl)),
          (items) => ({ total_count: runs.length, check_runs: items }),
        );
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
        const comments = (input["comments"] as Record<string, unknown>[] | undefined) ?? [];
        if (quirks.subjectTypeInReview === "reject" && comments.some((c) => "subject_type" in c)) {
          return send(422, {
            message: "Unprocessable Entity",
            errors: ['"subject_type" is not a permitted key.'],
            documentation_url:
              "https://docs.github.com/enterprise-server@3.8/rest/pulls/reviews#create-a-review-for-a-pull-request",
          });
        }
        for (const c of comments) {
          const refusal = refuseComment(number, c, "pulls/create-review");
          if (refusal !== undefined) return send(422, refusal);
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
          const comment = storeComment(number, c, review.id, review.commit_id);
          review.commentIds.push(comment.id);
        }
        reviews.push(review);
        return send(200, {
          id: review.id,
          body: review.body ?? "",
          state: "COMMENTED",
          commit_id: review.commit_id,
          user: userView(ACTIONS_BOT),
        });
      }
      case "pulls/create-review-comment": {
        const number = Number(p["pull_number"]);
        if (quirks.fileComments === "reject" && input["subject_type"] === "file") {
          return send(422, {
            message: "Unprocessable Entity",
            errors: ['"subject_type" is not a permitted key.'],
          });
        }
        const refusal = refuseComment(number, input, "pulls/create-review-comment");
        if (refusal !== undefined) return send(422, refusal);
        if (limit("body", input["body"], 65_536))
          return send(422, { message: "Validation Failed" });
        const comment = storeComment(number, input, null, input["commit_id"] as string);
        return send(201, commentView(comment, baseUrl, repository));
      }
      default:
        return send(404, { message: `The fake does not implement ${operationId}` });
    }
  };
  const server = options.tls ? createTlsServer(options.tls, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
  return {
    apiUrl: baseUrl,
    statuses,
    checkRuns,
    reviews,
    reviewComments,
    requests,
    violations,
    addPullRequest: (number, files) => {
      heads += 1;
      pulls.set(
        number,
        files.map((f) => ({
          ...f,
          sha:
            f.sha ??
            (f.content !== undefined
              ? gitBlobSha(f.content)
              : createHash("sha1").update(`head ${heads} ${f.filename}`).digest("hex")),
        })),
      );
    },
    addReviewComment: (number, c) =>
      storeComment(
        number,
        { ...c, subject_type: c.line === undefined ? "file" : "line" },
        null,
        undefined,
        c.user,
      ),
    setQuirks: (next) => {
      quirks = { ...next };
    },
    setCompare: (basehead, files) => compares.set(basehead, [...files]),
    setPullRequestHead: (number, head) => {
      pullHeads.set(number, {
        sha: head.sha,
        ref: head.ref ?? `feature-${number}`,
        baseSha: head.baseSha ?? "b".repeat(40),
      });
      for (const sha of [head.sha, ...(head.associatedWith ?? [])])
        commitPulls.set(sha, [...new Set([...(commitPulls.get(sha) ?? []), number])]);
    },
    setTree: (sha, files) => trees.set(sha, { ...files }),
    deny: (scope) => denied.add(scope),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface CheckOutput {
  title?: string;
  summary?: string;
  text?: string;
  annotations?: unknown[];
}

/**
 * The Git blob sha of `content`: SHA-1 over `blob <length>\0` and the bytes. Written here on
 * its own, apart from the Action's hashing, so that the two cannot share a mistake.
 */
function gitBlobSha(content: string | Buffer): string {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return createHash("sha1")
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`, "utf8"), bytes]))
    .digest("hex");
}

/** A check run as GitHub's API returns it. */
function checkRunView(run: FakeCheckRun, baseUrl: string) {
  const repoUrl = `${baseUrl}/repos/${run.repository}`;
  return {
    id: run.id,
    node_id: `CR_${run.id}`,
    head_sha: run.head_sha,
    external_id: "",
    url: `${repoUrl}/check-runs/${run.id}`,
    html_url: `https://github.com/${run.repository}/runs/${run.id}`,
    details_url: `https://github.com/${run.repository}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output?.title ?? null,
      summary: run.output?.summary ?? null,
      text: run.output?.text ?? null,
      annotations_count: run.annotations.length,
      annotations_url: `${repoUrl}/check-runs/${run.id}/annotations`,
    },
    name: run.name,
    check_suite: { id: 1 },
    app: {
      id: run.app.id,
      slug: run.app.slug,
      node_id: `A_${run.app.id}`,
      name: run.app.name,
      owner: null,
      description: "",
      external_url: "https://github.com/features/actions",
      html_url: `https://github.com/apps/${run.app.slug}`,
      created_at: "2018-07-30T09:30:17Z",
      updated_at: "2019-12-10T19:04:12Z",
      permissions: {},
      events: [],
    },
    pull_requests: [],
  };
}

function statusView(status: FakeCommitStatus, id: number) {
  return {
    id,
    state: status.state,
    description: status.description ?? null,
    context: status.context ?? "default",
    target_url: status.target_url ?? null,
    created_at: status.created_at,
    updated_at: status.created_at,
  };
}

function userView(user: FakeUser) {
  return {
    login: user.login,
    id: user.id,
    node_id: `U_${user.id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    url: `https://api.github.com/users/${encodeURIComponent(user.login)}`,
    html_url: `https://github.com/${encodeURIComponent(user.login)}`,
    type: user.type,
    site_admin: false,
  };
}

function commentView(c: FakeReviewComment, baseUrl: string, repository: string) {
  return {
    id: c.id,
    node_id: `PRRC_${c.id}`,
    pull_request_review_id: c.review_id,
    path: c.path,
    body: c.body,
    commit_id: c.commit_id ?? "0".repeat(40),
    original_commit_id: c.commit_id ?? "0".repeat(40),
    subject_type: c.subject_type ?? "line",
    ...(c.line === undefined ? {} : { line: c.line, side: "RIGHT" }),
    user: userView(c.user),
    author_association: c.user.type === "Bot" ? "NONE" : "MEMBER",
    url: `${baseUrl}/repos/${repository}/pulls/comments/${c.id}`,
    html_url: `https://github.com/${repository}/pull/${c.pull_number}#discussion_r${c.id}`,
  };
}

/**
 * The lines of the new file that a unified diff shows (added or context): the only lines a
 * review comment with `side: RIGHT` may point at. Written apart from the Action's own parser on
 * purpose, so that the two cannot share a mistake.
 */
function rightSideLines(patch: string | undefined): Set<number> {
  const out = new Set<number>();
  let line = 0;
  let inHunk = false;
  for (const row of (patch ?? "").split(/\r?\n/)) {
    const hunk = row.match(/^@@ -\S+ \+(\d+)/);
    if (hunk) {
      line = Number.parseInt(hunk[1]!, 10);
      inHunk = true;
    } else if (inHunk && (row.startsWith(" ") || row.startsWith("+"))) {
      out.add(line++);
    }
  }
  return out;
}

/**
 * Answers one page of `items` (`per_page`, `page`) with a Link header, as GitHub paginates;
 * `wrap` puts a page in the body of endpoints that answer an object (check runs).
 */
function sendPage(
  _res: ServerResponse,
  send: (status: number, payload: unknown, headers?: Record<string, string>) => void,
  url: URL,
  items: unknown[],
  wrap: (page: unknown[]) => unknown = (page) => page,
): void {
  const perPage = Number(url.searchParams.get("per_page") ?? 30);
  const page = Number(url.searchParams.get("page") ?? 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const headers: Record<string, string> = {};
  if (page * perPage < items.length) {
    const next = new URL(url.toString());
    next.searchParams.set("page", String(page + 1));
    const scheme = "encrypted" in _res.req.socket ? "https" : "http";
    headers["link"] =
      `<${scheme}://${_res.req.headers.host}${next.pathname}${next.search}>; rel="next"`;
  }
  send(200, wrap(slice), headers);
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
