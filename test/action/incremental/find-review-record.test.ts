import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  createGithubClient,
  type GithubClient,
} from "../../../src/action/github/create-github-client.ts";
import type { GithubContext } from "../../../src/action/github/read-github-context.ts";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import {
  CHECK_RUNS_PER_PAGE,
  findReviewRecords,
  type RecordSource,
} from "../../../src/action/incremental/find-review-record.ts";
import {
  recordPartName,
  recordSigning,
  writeRecordBlocks,
} from "../../../src/action/incremental/review-record-block.ts";
import {
  entryOf,
  largeRecord,
  recordOf,
  TEST_PATHS,
} from "../../pipeline/review-record-fixture.ts";
import { testContext } from "../github-nock.ts";
import { LIVE_SCOPE, recordBlock, SANDBOX_SCOPE } from "../signing/signing-fixture.ts";

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

const KEY = deriveRecordKey("sk_live_findrecordtestkey0000000000001", LIVE_SCOPE);
// The same secret in a sandbox run: one record-key shared by both workflows.
const OTHER_KEY = deriveRecordKey("sk_live_findrecordtestkey0000000000001", SANDBOX_SCOPE);

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
  options: { name?: string; via?: GithubClient; completed?: boolean; completedAt?: string } = {},
): Promise<number> {
  const { data } = await (options.via ?? client).rest.checks.create({
    owner: "octo",
    repo: "media",
    name: options.name ?? "Content Review",
    head_sha: sha,
    ...(options.completed === false
      ? { status: "in_progress" as const }
      : {
          status: "completed" as const,
          conclusion: "success" as const,
          ...(options.completedAt === undefined ? {} : { completed_at: options.completedAt }),
        }),
    output: { title: "t", summary: "s", ...(text === undefined ? {} : { text }) },
  });
  return data.id;
}

/** The record of one file, signed for check runs on `sha`. */
const block = (sha: string, path: string, digit: string, key = KEY) =>
  recordBlock(recordOf([entryOf(path, digit, 1)]), key, sha);

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
    paths: TEST_PATHS,
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
  it("findReviewRecords takes every completed record on the head, not its own run's, another check's or another App's", async () => {
    const head = newHead();
    const older = await checkRun(head, block(head, "older.png", "1"));
    const newest = await checkRun(head, `A note.\n\n${block(head, "newest.png", "2")}`);
    await checkRun(head, block(head, "other-name.png", "3"), { name: "Other" });
    await checkRun(head, block(head, "in-progress.png", "4"), { completed: false });
    await checkRun(head, block(head, "other-app.png", "5"), { via: other });
    const own = await checkRun(head, block(head, "own.png", "6"));
    const found = await find(sources(head), own);
    expect(found.problems).toEqual([]);
    expect(found.records.map((r) => r.from)).toEqual([
      { sha: head, checkRunId: newest, label: "this commit" },
      { sha: head, checkRunId: older, label: "this commit" },
    ]);
    expect(paths(found)).toEqual([["newest.png"], ["older.png"]]);
    expect(github.violations).toEqual([]);
  });

  it("findReviewRecords pages through the head's check runs", async () => {
    const head = newHead();
    const first = await checkRun(head, block(head, "first.png", "7"));
    // A page of later runs without a record: the one with it is the first of the second page.
    for (let i = 0; i < CHECK_RUNS_PER_PAGE; i++) await checkRun(head, "No record here.");
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
    await checkRun(before, block(before, "before.png", "8"));
    // A run on the new head that kept no record (it failed before the review) does not count.
    await checkRun(head, "Failed early.");
    const found = await find(sources(head, before));
    expect(found.records.map((r) => r.from.sha)).toEqual([before]);
    expect(paths(found)).toEqual([["before.png"]]);
    await checkRun(head, block(head, "head.png", "9"));
    expect(paths(await find(sources(head, before)))).toEqual([["head.png"], ["before.png"]]);
  });

  it("findReviewRecords finds nothing without a record on its sources", async () => {
    const before = newHead();
    await checkRun(before, block(before, "before.png", "a"));
    expect(await find(sources(newHead()))).toEqual({ records: [], problems: [] });
  });

  it.each([
    ["a forged record (a blob sha swapped under the genuine MAC)", "forged"],
    ["a record of a sandbox run signed with the same record-key", "other-key"],
    ["a genuine record copied from another commit", "other-commit"],
    ["a record that cannot be read", "broken"],
    ["an unsigned record of version 1", "v1"],
  ])(
    "findReviewRecords passes over %s with one problem naming it, and takes the genuine one",
    async (_what, kind) => {
      const head = newHead();
      const genuine = await checkRun(head, block(head, "genuine.png", "b"));
      const text = {
        forged: block(head, "genuine.png", "b").replace(
          /mac=[0-9a-f]{64}/,
          `mac=${"0".repeat(64)}`,
        ),
        "other-key": block(head, "genuine.png", "c", OTHER_KEY),
        "other-commit": block(newHead(), "genuine.png", "c"),
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

  it("findReviewRecords is not hidden from the PR's own record by a genuine record replayed with a future date, and uses a copy once", async () => {
    const head = newHead();
    const both = recordOf([entryOf("a.png", "1", 1), entryOf("b.png", "2", 2)]);
    const own = await checkRun(head, recordBlock(both, KEY, head));
    // A genuine record of this commit (a run over a.png only), posted again and again, dated 2099.
    const small = recordBlock(recordOf([entryOf("a.png", "1", 3)]), KEY, head);
    await checkRun(head, small, { completedAt: "2099-01-01T00:00:00Z" });
    // Listed newest first, the later copy is the one used.
    const replayed = await checkRun(head, small, { completedAt: "2099-01-02T00:00:00Z" });
    const found = await find(sources(head));
    expect(found.problems).toEqual([]);
    expect(found.records.map((r) => r.from.checkRunId).sort()).toEqual([own, replayed].sort());
    expect(found.records.find((r) => r.from.checkRunId === own)?.record).toEqual(both);
  });

  it("findReviewRecords reads a record kept in parts from its companion check runs, passing over companions of another record or commit", async () => {
    const head = newHead();
    const record = largeRecord(3_000);
    const { blocks } = writeRecordBlocks(record, 60_000, recordSigning(KEY, head));
    expect(blocks.length).toBeGreaterThan(2);
    const elsewhere = writeRecordBlocks(record, 60_000, recordSigning(KEY, newHead())).blocks;
    const main = await checkRun(head, blocks[0]);
    for (const [i, text] of blocks.slice(1).entries()) {
      const name = recordPartName("Content Review", i + 2);
      await checkRun(head, text, { name });
      // Newer companions of the same name: the part made for another commit, and garbage.
      await checkRun(head, elsewhere[i + 1], { name });
      await checkRun(head, "<!-- content-review:record v4 nothing -->", { name });
    }
    const found = await find(sources(head));
    expect(found.problems).toEqual([]);
    expect(found.records).toEqual([
      { record, from: { sha: head, checkRunId: main, label: "this commit" } },
    ]);
  });

  it("findReviewRecords says a record whose companion is missing is incomplete, and uses the others", async () => {
    const head = newHead();
    const { blocks } = writeRecordBlocks(largeRecord(3_000), 60_000, recordSigning(KEY, head));
    const main = await checkRun(head, blocks[0]);
    for (const [i, text] of blocks.slice(1, -1).entries())
      await checkRun(head, text, { name: recordPartName("Content Review", i + 2) });
    const small = await checkRun(head, block(head, "small.png", "1"));
    const found = await find(sources(head));
    expect(found.records.map((r) => r.from.checkRunId)).toEqual([small]);
    expect(found.problems).toEqual([
      `The review record of check run ${main} (https://github.com/octo/media/runs/${main}) on ${head.slice(0, 7)} is incomplete: ${blocks.length - 1} parts of ${blocks.length} found.`,
    ]);
  });

  it("findReviewRecords names the first five unusable records and counts the rest in one line", async () => {
    const head = newHead();
    const genuine = await checkRun(head, block(head, "genuine.png", "e"));
    for (let i = 0; i < 8; i++) await checkRun(head, block(head, "posted.png", "f", OTHER_KEY));
    const found = await find(sources(head));
    expect(found.records.map((r) => r.from.checkRunId)).toEqual([genuine]);
    expect(found.problems).toHaveLength(6);
    expect(found.problems[5]).toBe(
      `3 more review records on ${head.slice(0, 7)} (this commit) do not verify or cannot be read; none of them is used.`,
    );
  });

  it("findReviewRecords refuses every record when the App of the run is unknown", async () => {
    const head = newHead();
    await checkRun(head, block(head, "any.png", "d"));
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
        paths: TEST_PATHS,
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

  it("findReviewRecords searches the earlier sources, in order, only until one holds a finished run's record, going on past a cancelled run's", async () => {
    const [oldest, finished, cancelled, before, head] = [1, 2, 3, 4, 5].map(() => newHead());
    await checkRun(oldest!, block(oldest!, "older.png", "1"));
    await checkRun(finished!, block(finished!, "a.png", "2"));
    await client.rest.checks.create({
      owner: "octo",
      repo: "media",
      name: "Content Review",
      head_sha: cancelled!,
      status: "completed",
      conclusion: "cancelled",
      output: { title: "t", summary: "s", text: block(cancelled!, "b.png", "3") },
    });
    let asked = 0;
    const earlier = async () => {
      asked += 1;
      return {
        sources: [cancelled!, finished!, oldest!].map((sha) => ({ sha, label: "earlier" })),
        problems: ["a problem of the listing"],
      };
    };
    const search = () =>
      findReviewRecords(client, context(), {
        checkName: "Content Review",
        sources: sources(head!, before!),
        ownCheckRunId: undefined,
        appId: 15368,
        key: KEY,
        paths: TEST_PATHS,
        earlier,
      });
    const found = await search();
    expect(asked).toBe(1);
    expect(found.records.map((r) => r.from.sha)).toEqual([cancelled, finished]);
    expect(found.problems).toEqual(["a problem of the listing"]);
    // A finished run's record on the head settles the search: the earlier heads are not asked.
    await checkRun(head!, block(head!, "head.png", "4"));
    const settled = await search();
    expect(asked).toBe(1);
    expect(settled.records.map((r) => r.from.sha)).toEqual([head]);
  });
});
