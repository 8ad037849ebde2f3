import { afterEach, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  RESOLVE_REVIEW_THREAD,
  REVIEW_THREADS_QUERY,
  UNRESOLVE_REVIEW_THREAD,
} from "../../../src/action/github/graphql-documents.ts";

const TOKEN = "ghs_graphqltokengraphqltokengraphql01";
const BOT = { login: "github-actions[bot]", id: 3, type: "Bot" as const };
const PERSON = { login: "octocat", id: 583231, type: "User" as const };

let github: GithubStandIn | undefined;

afterEach(async () => {
  await github?.close();
  github = undefined;
});

/** A stand-in with pull request 5 of octo/media: two threads, the first with a reply. */
async function standIn(options: { repository?: string } = {}) {
  github = await startGithubStandIn({ token: TOKEN, actionsBot: BOT, ...options });
  github.addPullRequest(5, [{ filename: "a.txt", status: "added", content: "a\n" }]);
  const first = github.addReviewComment(5, { path: "a.txt", body: "mine", user: BOT });
  const reply = github.addReviewComment(5, {
    path: "a.txt",
    body: "a reply",
    user: PERSON,
    inReplyTo: first.id,
  });
  const second = github.addReviewComment(5, { path: "a.txt", body: "theirs", user: PERSON });
  return { github, first, reply, second };
}

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON, which the assertions check.
async function graphql(query: string, variables: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${github!.apiUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const threadsOf = (after: string | null = null) =>
  graphql(REVIEW_THREADS_QUERY, { owner: "octo", repo: "media", number: 5, after });

describe("handleGraphqlRequest (the GitHub stand-in's POST /graphql)", () => {
  it("handleGraphqlRequest lists a pull request's review threads with their first comment", async () => {
    const { first, second } = await standIn();
    const answer = await threadsOf();
    expect(answer.errors).toBeUndefined();
    expect(answer.data.repository.pullRequest.reviewThreads).toEqual({
      nodes: [
        {
          id: `PRRT_${first.id}`,
          isResolved: false,
          comments: { nodes: [{ fullDatabaseId: String(first.id) }] },
        },
        {
          id: `PRRT_${second.id}`,
          isResolved: false,
          comments: { nodes: [{ fullDatabaseId: String(second.id) }] },
        },
      ],
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
    });
  });

  it("handleGraphqlRequest pages a connection with first and after, and answers any valid shape", async () => {
    const { first, reply, second } = await standIn();
    const query = `query($after: String) { repository(owner: "octo", name: "media") { pullRequest(number: 5) {
      reviewThreads(first: 1, after: $after) { totalCount nodes { path comments(first: 5) { totalCount nodes { databaseId body author { login } } } }
      pageInfo { hasNextPage endCursor } } } } }`;
    const one = (await graphql(query, {})).data.repository.pullRequest.reviewThreads;
    expect(one.totalCount).toBe(2);
    expect(one.nodes[0].comments).toEqual({
      totalCount: 2,
      nodes: [
        { databaseId: first.id, body: "mine", author: { login: BOT.login } },
        { databaseId: reply.id, body: "a reply", author: { login: PERSON.login } },
      ],
    });
    expect(one.pageInfo.hasNextPage).toBe(true);
    const two = (await graphql(query, { after: one.pageInfo.endCursor })).data.repository
      .pullRequest.reviewThreads;
    expect(two.nodes[0].comments.nodes[0].databaseId).toBe(second.id);
    expect(two.pageInfo.hasNextPage).toBe(false);
  });

  it("handleGraphqlRequest resolves and unresolves a thread, its comments and replies kept", async () => {
    const { first, reply } = await standIn();
    const resolved = await graphql(RESOLVE_REVIEW_THREAD, { threadId: `PRRT_${first.id}` });
    expect(resolved).toEqual({
      data: { resolveReviewThread: { thread: { id: `PRRT_${first.id}`, isResolved: true } } },
    });
    expect((await threadsOf()).data.repository.pullRequest.reviewThreads.nodes[0].isResolved).toBe(
      true,
    );
    expect(github!.reviewComments).toContain(reply);
    const reopened = await graphql(UNRESOLVE_REVIEW_THREAD, { threadId: `PRRT_${first.id}` });
    expect(reopened.data.unresolveReviewThread.thread.isResolved).toBe(false);
    expect(github!.state.resolvedThreads.size).toBe(0);
  });

  it.each(["pulls", "contents"] as const)(
    "handleGraphqlRequest answers GitHub's FORBIDDEN to a thread mutation without %s",
    async (scope) => {
      const { first } = await standIn();
      github!.deny(scope);
      const answer = await graphql(RESOLVE_REVIEW_THREAD, { threadId: `PRRT_${first.id}` });
      expect(answer.data).toEqual({ resolveReviewThread: null });
      expect(answer.errors).toEqual([
        {
          type: "FORBIDDEN",
          path: ["resolveReviewThread"],
          locations: expect.any(Array),
          message: "Resource not accessible by integration",
        },
      ]);
      expect(github!.state.resolvedThreads.size).toBe(0);
    },
  );

  it.each([
    [
      "a thread of another repository than the token's",
      { repository: "octo/other" },
      (id: number) => `PRRT_${id}`,
    ],
    ["an unknown thread", {}, () => "PRRT_424242"],
    ["a reply's id (a reply starts no thread)", {}, (_: number, reply: number) => `PRRT_${reply}`],
  ])("handleGraphqlRequest answers NOT_FOUND for %s", async (_, options, id) => {
    const { first, reply } = await standIn(options);
    const answer = await graphql(UNRESOLVE_REVIEW_THREAD, { threadId: id(first.id, reply.id) });
    expect(answer.errors[0]).toMatchObject({ type: "NOT_FOUND", path: ["unresolveReviewThread"] });
  });

  it.each([
    [
      "a field GitHub does not have",
      'query { repository(owner: "o", name: "r") { nope } }',
      "not valid for GitHub",
    ],
    ["a syntax error", "query {", "syntax"],
    [
      "a field the stand-in does not model",
      "query { viewer { login } }",
      "past what the stand-in answers",
    ],
  ])("handleGraphqlRequest refuses %s and records it", async (_, query, why) => {
    await standIn();
    const answer = await graphql(query, {});
    expect(answer.data).toBeUndefined();
    expect(answer.errors.length).toBeGreaterThan(0);
    expect(github!.violations).toEqual([expect.stringContaining(`graphql: ${why}`)]);
  });

  it.each([
    ["no first", "reviewThreads { totalCount }", "MISSING_PAGINATION_BOUNDARIES"],
    ["first over 100", "reviewThreads(first: 101) { totalCount }", "EXCESSIVE_PAGINATION"],
  ])(
    "handleGraphqlRequest refuses a connection with %s, as GitHub does",
    async (_, field, type) => {
      await standIn();
      const answer = await graphql(
        `query { repository(owner: "octo", name: "media") { pullRequest(number: 5) { ${field} } } }`,
        {},
      );
      expect(answer.errors[0].type).toBe(type);
    },
  );

  it("handleGraphqlRequest answers NOT_FOUND for a pull request that does not exist", async () => {
    await standIn();
    const answer = await graphql(REVIEW_THREADS_QUERY, {
      owner: "octo",
      repo: "media",
      number: 6,
      after: null,
    });
    expect(answer.data.repository.pullRequest).toBeNull();
    expect(answer.errors[0]).toMatchObject({
      type: "NOT_FOUND",
      message: "Could not resolve to a PullRequest with the number of 6.",
    });
  });

  it("the GitHub stand-in answers GET /users/{login} with its Actions bot, the id as configured", async () => {
    await standIn();
    const res = await fetch(`${github!.apiUrl}/users/github-actions%5Bbot%5D`, {
      headers: { authorization: `token ${TOKEN}` },
    });
    expect(await res.json()).toMatchObject({ login: "github-actions[bot]", id: 3, type: "Bot" });
    const unknown = await fetch(`${github!.apiUrl}/users/nobody`, {
      headers: { authorization: `token ${TOKEN}` },
    });
    expect(unknown.status).toBe(404);
  });
});
