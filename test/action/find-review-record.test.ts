import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGithubClient, type GithubClient } from "../../src/action/create-github-client.ts";
import { findReviewRecord } from "../../src/action/find-review-record.ts";
import type { GithubContext } from "../../src/action/read-github-context.ts";
import { writeRecordBlock } from "../../src/action/review-record-block.ts";
import { type FakeGithub, startFakeGithub } from "../fakes/github/index.ts";
import { entryOf, recordOf } from "../pipeline/review-record-fixture.ts";
import { testContext } from "./github-nock.ts";

const TOKEN = "ghs_findrecordtokenfindrecordtoken01";
const OTHER_APP_TOKEN = "ghs_otherapptokenotherapptokenother1";

let github: FakeGithub;
let client: GithubClient;
let other: GithubClient;
let heads = 0;

function clientFor(token: string): GithubClient {
  return createGithubClient({
    token,
    baseUrl: github.apiUrl,
    userAgent: "test",
    log: () => {},
    throttle: false,
  });
}

/** A fresh head commit for each test, so that tests do not see each other's check runs. */
function newHead(): string {
  heads += 1;
  return String(heads).padStart(40, "0");
}

function context(head: string, previousHeadSha?: string): GithubContext {
  return testContext({
    sha: head,
    apiUrl: github.apiUrl,
    pullRequest: {
      number: 7,
      headSha: head,
      baseSha: "b".repeat(40),
      isFork: false,
      previousHeadSha,
    },
  });
}

/** A completed check run on `sha` whose text holds `text`; returns its id. */
async function checkRun(
  sha: string,
  text: string | undefined,
  options: { name?: string; via?: GithubClient; completed?: boolean } = {},
): Promise<number> {
  const { data } = await (options.via ?? client).rest.checks.create({
    owner: "octo",
    repo: "media",
    name: options.name ?? "Content Review",
    head_sha: sha,
    ...(options.completed === false
      ? { status: "in_progress" as const }
      : { status: "completed" as const, conclusion: "success" as const }),
    output: { title: "t", summary: "s", ...(text === undefined ? {} : { text }) },
  });
  return data.id;
}

const block = (path: string, digit: string) =>
  writeRecordBlock(recordOf([entryOf(path, digit, 1)]), 60_000).block;

const find = (ctx: GithubContext, ownCheckRunId?: number) =>
  findReviewRecord(client, ctx, {
    checkName: "Content Review",
    ownCheckRunId,
    appId: 15368,
  });

beforeAll(async () => {
  github = await startFakeGithub({
    token: TOKEN,
    otherApps: { [OTHER_APP_TOKEN]: { id: 99, slug: "someone-else", name: "Someone Else" } },
  });
  client = clientFor(TOKEN);
  other = clientFor(OTHER_APP_TOKEN);
});

afterAll(async () => {
  await github?.close();
});

describe("findReviewRecord", () => {
  it("findReviewRecord takes the newest completed record on the head, not its own run's, another check's or another App's", async () => {
    const head = newHead();
    await checkRun(head, block("older.png", "1"));
    const newest = await checkRun(head, `A note.\n\n${block("newest.png", "2")}`);
    await checkRun(head, block("other-name.png", "3"), { name: "Other" });
    await checkRun(head, block("in-progress.png", "4"), { completed: false });
    await checkRun(head, block("other-app.png", "5"), { via: other });
    const own = await checkRun(head, block("own.png", "6"));
    const found = await find(context(head), own);
    expect(found).toMatchObject({ from: { sha: head, checkRunId: newest }, problem: null });
    expect(found.record?.entries.map((e) => e.path)).toEqual(["newest.png"]);
    expect(github.violations).toEqual([]);
  });

  it("findReviewRecord pages through the head's check runs", async () => {
    const head = newHead();
    const first = await checkRun(head, block("first.png", "7"));
    // 120 later runs without a record: the one with it is on the second page.
    for (let i = 0; i < 120; i++) await checkRun(head, "No record here.");
    const found = await find(context(head));
    expect(found.from?.checkRunId).toBe(first);
    const pages = github.requests.filter(
      (r) => r.operationId === "checks/list-for-ref" && r.path.includes(head),
    );
    expect(pages).toHaveLength(2);
  });

  it("findReviewRecord falls back, on a push to the pull request, to the head before the push", async () => {
    const before = newHead();
    const head = newHead();
    await checkRun(before, block("before.png", "8"));
    // A run on the new head that kept no record (it failed before the review) does not count.
    await checkRun(head, "Failed early.");
    const found = await find(context(head, before));
    expect(found.from).toEqual({ sha: before, checkRunId: expect.any(Number) });
    expect(found.record?.entries.map((e) => e.path)).toEqual(["before.png"]);
    // The head's own record comes first.
    const onHead = await checkRun(head, block("head.png", "9"));
    expect((await find(context(head, before))).from?.checkRunId).toBe(onHead);
  });

  it("findReviewRecord finds nothing without a record on the head and no push before it", async () => {
    const before = newHead();
    await checkRun(before, block("before.png", "a"));
    expect(await find(context(newHead()))).toEqual({ record: null, from: null, problem: null });
  });

  it("findReviewRecord gives an empty record and a problem for an unreadable record, without looking further", async () => {
    const before = newHead();
    const head = newHead();
    await checkRun(before, block("before.png", "b"));
    const broken = await checkRun(head, "<!-- content-review:record v1 Zm9vYmFy -->");
    const found = await find(context(head, before));
    expect(found.record).toBeNull();
    expect(found.from).toEqual({ sha: head, checkRunId: broken });
    expect(found.problem).toMatch(
      new RegExp(
        `^The review record of check run ${broken} on 0{6}\\d cannot be decoded .*Every changed file is reviewed\\.$`,
      ),
    );
  });

  it("findReviewRecord reports a listing GitHub refuses as a problem, never an error", async () => {
    const locked = await startFakeGithub({ token: TOKEN });
    try {
      locked.deny("checks");
      const lockedClient = createGithubClient({
        token: TOKEN,
        baseUrl: locked.apiUrl,
        userAgent: "test",
        log: () => {},
        throttle: false,
      });
      const head = newHead();
      const found = await findReviewRecord(lockedClient, context(head), {
        checkName: "Content Review",
        ownCheckRunId: undefined,
        appId: undefined,
      });
      expect(found).toMatchObject({ record: null, from: null });
      expect(found.problem).toMatch(
        /^Could not list the earlier check runs of 0{6}\d to find the review record \(Resource not accessible by integration.*\); every changed file is reviewed\.$/,
      );
    } finally {
      await locked.close();
    }
  });
});
