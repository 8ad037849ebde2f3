import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  createGithubClient,
  type GithubClient,
} from "../../../src/action/github/create-github-client.ts";
import type { GithubContext } from "../../../src/action/github/read-github-context.ts";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import {
  findReviewRecords,
  type RecordSource,
} from "../../../src/action/incremental/find-review-record.ts";
import { writeRecordBlock } from "../../../src/action/incremental/review-record-block.ts";
import { entryOf, recordOf } from "../../pipeline/review-record-fixture.ts";
import { testContext } from "../github-nock.ts";

const TOKEN = "ghs_findrecordtokenfindrecordtoken01";
const OTHER_APP_TOKEN = "ghs_otherapptokenotherapptokenother1";

let github: GithubStandIn;
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

const KEY = deriveRecordKey("sk_live_findrecordtestkey0000000000001");
const OTHER_KEY = deriveRecordKey("sk_test_sandboxkeyfindrecord00000000001");

function context(): GithubContext {
  return testContext({ apiUrl: github.apiUrl });
}

/** The head, then the commit before the push, as a PR's `synchronize` run looks. */
function sources(head: string, before?: string): RecordSource[] {
  return [
    { sha: head, label: "this commit" },
    ...(before === undefined ? [] : [{ sha: before, label: "the head before the push" }]),
  ];
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

const block = (path: string, digit: string, key = KEY) =>
  writeRecordBlock(recordOf([entryOf(path, digit, 1)]), 60_000, key).block;

const find = (
  from: RecordSource[],
  ownCheckRunId?: number,
  { appId }: { appId: number | undefined } = { appId: 15368 },
) =>
  findReviewRecords(client, context(), {
    checkName: "Content Review",
    sources: from,
    ownCheckRunId,
    appId,
    key: KEY,
  });

const paths = (found: Awaited<ReturnType<typeof find>>) =>
  found.records.map((r) => r.record.entries.map((e) => e.path));

beforeAll(async () => {
  github = await startGithubStandIn({
    token: TOKEN,
    otherApps: { [OTHER_APP_TOKEN]: { id: 99, slug: "someone-else", name: "Someone Else" } },
  });
  client = clientFor(TOKEN);
  other = clientFor(OTHER_APP_TOKEN);
});

afterAll(async () => {
  await github?.close();
});

describe("findReviewRecords", () => {
  it("findReviewRecords takes the newest completed record on the head, not its own run's, another check's or another App's", async () => {
    const head = newHead();
    await checkRun(head, block("older.png", "1"));
    const newest = await checkRun(head, `A note.\n\n${block("newest.png", "2")}`);
    await checkRun(head, block("other-name.png", "3"), { name: "Other" });
    await checkRun(head, block("in-progress.png", "4"), { completed: false });
    await checkRun(head, block("other-app.png", "5"), { via: other });
    const own = await checkRun(head, block("own.png", "6"));
    const found = await find(sources(head), own);
    expect(found.problems).toEqual([]);
    expect(found.records.map((r) => r.from)).toEqual([
      { sha: head, checkRunId: newest, label: "this commit" },
    ]);
    expect(paths(found)).toEqual([["newest.png"]]);
    expect(github.violations).toEqual([]);
  });

  it("findReviewRecords pages through the head's check runs", async () => {
    const head = newHead();
    const first = await checkRun(head, block("first.png", "7"));
    // 120 later runs without a record: the one with it is on the second page.
    for (let i = 0; i < 120; i++) await checkRun(head, "No record here.");
    const found = await find(sources(head));
    expect(found.records[0]?.from.checkRunId).toBe(first);
    const pages = github.requests.filter(
      (r) => r.operationId === "checks/list-for-ref" && r.path.includes(head),
    );
    expect(pages).toHaveLength(2);
  });

  it("findReviewRecords reads a record on each source, the head's first", async () => {
    const before = newHead();
    const head = newHead();
    await checkRun(before, block("before.png", "8"));
    // A run on the new head that kept no record (it failed before the review) does not count.
    await checkRun(head, "Failed early.");
    const found = await find(sources(head, before));
    expect(found.records.map((r) => r.from.sha)).toEqual([before]);
    expect(paths(found)).toEqual([["before.png"]]);
    await checkRun(head, block("head.png", "9"));
    expect(paths(await find(sources(head, before)))).toEqual([["head.png"], ["before.png"]]);
  });

  it("findReviewRecords finds nothing without a record on its sources", async () => {
    const before = newHead();
    await checkRun(before, block("before.png", "a"));
    expect(await find(sources(newHead()))).toEqual({ records: [], problems: [] });
  });

  it.each([
    ["a forged record (a blob sha swapped under the genuine MAC)", "forged"],
    ["a record signed with another key (a sandbox run)", "other-key"],
    ["a record that cannot be read", "broken"],
    ["an unsigned record of version 1", "v1"],
  ])(
    "findReviewRecords passes over %s with one problem naming it, and takes the older genuine one",
    async (_what, kind) => {
      const head = newHead();
      const genuine = await checkRun(head, block("genuine.png", "b"));
      const text = {
        forged: block("genuine.png", "b").replace(/mac=[0-9a-f]{64}/, `mac=${"0".repeat(64)}`),
        "other-key": block("genuine.png", "c", OTHER_KEY),
        broken: "<!-- content-review:record v2 Zm9vYmFy mac=" + "1".repeat(64) + " -->",
        v1: "<!-- content-review:record v1 Zm9vYmFy -->",
      }[kind]!;
      const newer = await checkRun(head, text);
      const found = await find(sources(head));
      expect(found.records.map((r) => r.from.checkRunId)).toEqual([genuine]);
      expect(found.problems).toHaveLength(1);
      expect(found.problems[0]).toContain(
        `check run ${newer} (https://github.com/octo/media/runs/${newer}) on ${head.slice(0, 7)}`,
      );
    },
  );

  it("findReviewRecords names the first five unusable records and counts the rest in one line", async () => {
    const head = newHead();
    const genuine = await checkRun(head, block("genuine.png", "e"));
    for (let i = 0; i < 8; i++) await checkRun(head, block("posted.png", "f", OTHER_KEY));
    const found = await find(sources(head));
    expect(found.records.map((r) => r.from.checkRunId)).toEqual([genuine]);
    expect(found.problems).toHaveLength(6);
    expect(found.problems[5]).toBe(
      `3 more review records on ${head.slice(0, 7)} (this commit) do not verify or cannot be read; none of them is used.`,
    );
  });

  it("findReviewRecords refuses every record when the App of the run is unknown", async () => {
    const head = newHead();
    await checkRun(head, block("any.png", "d"));
    const found = await find(sources(head), undefined, { appId: undefined });
    expect(found.records).toEqual([]);
    expect(found.problems).toEqual([expect.stringContaining("which App")]);
  });

  it("findReviewRecords reports a listing GitHub refuses as a problem, never an error", async () => {
    const locked = await startGithubStandIn({ token: TOKEN });
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
      const found = await findReviewRecords(lockedClient, context(), {
        checkName: "Content Review",
        sources: sources(head),
        ownCheckRunId: undefined,
        appId: 15368,
        key: KEY,
      });
      expect(found.records).toEqual([]);
      expect(found.problems).toEqual([
        expect.stringMatching(
          /^Could not list the check runs of 0{6}\d \(this commit\) to find a review record \(Resource not accessible by integration.*\); its reviews are not reused\.$/,
        ),
      ]);
    } finally {
      await locked.close();
    }
  });
});
