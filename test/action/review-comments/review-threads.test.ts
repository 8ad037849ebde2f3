import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import {
  RESOLVE_REVIEW_THREAD,
  REVIEW_THREADS_QUERY,
  UNRESOLVE_REVIEW_THREAD,
} from "../../../src/action/github/graphql-documents.ts";
import {
  isForbidden,
  readReviewThreads,
  setThreadResolved,
} from "../../../src/action/review-comments/review-threads.ts";
import { API, testGithub } from "../github-nock.ts";

/** Octokit's GraphQL endpoint for a GHES API root (`…/api/v3` → `…/api/graphql`). */
const ORIGIN = new URL(API).origin;
const PR = { owner: "octo", repo: "media", number: 7 };

afterEach(() => {
  nock.cleanAll();
});

const node = (id: string, first: string | null, isResolved = false) => ({
  id,
  isResolved,
  comments: { nodes: [{ fullDatabaseId: first }] },
});

function page(nodes: unknown[], hasNextPage: boolean, endCursor: string | null) {
  return {
    data: {
      repository: {
        pullRequest: { reviewThreads: { nodes, pageInfo: { hasNextPage, endCursor } } },
      },
    },
  };
}

describe("readReviewThreads", () => {
  it("readReviewThreads reads every page, keyed by the first comment's id", async () => {
    const asked: unknown[] = [];
    nock(ORIGIN)
      .post("/api/graphql", (body) => {
        asked.push(body);
        return true;
      })
      .reply(200, page([node("T1", "11", true), node("T2", null)], true, "c1"))
      .post("/api/graphql", (body) => {
        asked.push(body);
        return true;
      })
      .reply(
        200,
        page([{ ...node("T3", "13"), comments: { nodes: [] } }, node("T4", "14")], false, "c2"),
      );
    const threads = await readReviewThreads(testGithub(), PR);
    expect([...threads]).toEqual([
      [11, { id: "T1", isResolved: true }],
      [14, { id: "T4", isResolved: false }],
    ]);
    expect(asked).toEqual([
      { query: REVIEW_THREADS_QUERY, variables: { ...PR, after: null } },
      { query: REVIEW_THREADS_QUERY, variables: { ...PR, after: "c1" } },
    ]);
  });

  it.each([
    ["no next page", false, "c1"],
    ["no cursor", true, null],
    ["a cursor that does not move", true, "same"],
  ])("readReviewThreads stops at %s", async (_, hasNextPage, endCursor) => {
    nock(ORIGIN)
      .post("/api/graphql")
      .reply(200, page([node("T1", "11")], true, "same"))
      .post("/api/graphql")
      .reply(200, page([node("T2", "12")], hasNextPage, endCursor));
    const threads = await readReviewThreads(testGithub(), PR);
    expect([...threads.keys()]).toEqual([11, 12]);
    expect(nock.isDone()).toBe(true);
  });

  it("readReviewThreads gives none for a pull request GitHub does not resolve", async () => {
    nock(ORIGIN)
      .post("/api/graphql")
      .reply(200, { data: { repository: null } });
    expect((await readReviewThreads(testGithub(), PR)).size).toBe(0);
  });
});

describe("setThreadResolved", () => {
  it.each([
    [true, RESOLVE_REVIEW_THREAD],
    [false, UNRESOLVE_REVIEW_THREAD],
  ])("setThreadResolved(%s) sends its mutation with the thread's id", async (resolved, query) => {
    let sent: unknown;
    nock(ORIGIN)
      .post("/api/graphql", (body) => {
        sent = body;
        return true;
      })
      .reply(200, { data: {} });
    await setThreadResolved(testGithub(), "T9", resolved);
    expect(sent).toEqual({ query, variables: { threadId: "T9" } });
  });

  it("setThreadResolved throws GitHub's FORBIDDEN, which isForbidden recognises", async () => {
    nock(ORIGIN)
      .post("/api/graphql")
      .reply(200, {
        data: { resolveReviewThread: null },
        errors: [{ type: "FORBIDDEN", message: "Resource not accessible by integration" }],
      });
    const error = await setThreadResolved(testGithub(), "T9", true).catch((e: unknown) => e);
    expect(isForbidden(error)).toBe(true);
  });
});

describe("isForbidden", () => {
  it.each([
    ["GraphQL's FORBIDDEN", { errors: [{ type: "NOT_FOUND" }, { type: "FORBIDDEN" }] }, true],
    ["GraphQL's NOT_FOUND", { errors: [{ type: "NOT_FOUND" }] }, false],
    ["errors that are not a list", { errors: { type: "FORBIDDEN" } }, false],
    ["a 403", { status: 403 }, true],
    ["a 401", { status: 401 }, true],
    ["a 500", { status: 500 }, false],
    ["null", null, false],
    ["undefined", undefined, false],
    ["a string", "FORBIDDEN", false],
  ])("isForbidden: %s", (_, error, forbidden) => {
    expect(isForbidden(error)).toBe(forbidden);
  });
});
