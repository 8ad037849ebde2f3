import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GithubStandIn, startGithubStandIn } from "../../../emulator/github/index.ts";
import {
  createGithubClient,
  type GithubClient,
} from "../../../src/action/github/create-github-client.ts";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import { findReviewRecords } from "../../../src/action/incremental/find-review-record.ts";
import { keepReviewRecord } from "../../../src/action/incremental/keep-review-record.ts";
import { MAX_RECORD_PARTS } from "../../../src/action/incremental/review-record-block.ts";
import type { ReviewRecord } from "../../../src/pipeline/index.ts";
import {
  entryOf,
  largeRecord,
  recordOf,
  TEST_PATHS,
} from "../../pipeline/review-record-fixture.ts";
import { testContext } from "../github-nock.ts";
import { LIVE_SCOPE } from "../signing/signing-fixture.ts";

const TOKEN = "ghs_keeprecordtokenkeeprecordtoken01";
const KEY = deriveRecordKey("sk_live_keeprecordtestkey0000000000001", LIVE_SCOPE);
let github: GithubStandIn;
let heads = 0;

function clientOf(stand: GithubStandIn): GithubClient {
  return createGithubClient({
    token: TOKEN,
    baseUrl: stand.apiUrl,
    userAgent: "test",
    log: () => {},
    throttle: false,
    retry: false,
  });
}

function keep(record: ReviewRecord, options: { companions?: boolean; stand?: GithubStandIn } = {}) {
  heads += 1;
  const context = testContext({ sha: String(heads).padStart(40, "0"), apiUrl: github.apiUrl });
  const warnings: string[] = [];
  const kept = keepReviewRecord(clientOf(options.stand ?? github), context, {
    checkName: "Content Review",
    record,
    key: KEY,
    ...(options.companions === undefined ? {} : { companions: options.companions }),
    warning: (m) => warnings.push(m),
  });
  return kept.then((first) => ({ first, warnings, context }));
}

const companionsOn = (sha: string) => github.checkRuns.filter((c) => c.head_sha === sha);

beforeAll(async () => {
  github = await startGithubStandIn({ token: TOKEN });
});

afterAll(async () => {
  await github?.close();
});

describe("keepReviewRecord", () => {
  it("keepReviewRecord returns a small record's one block and posts no companion", async () => {
    const { first, warnings, context } = await keep(recordOf([entryOf("a.png", "a", 1)]));
    expect(first).toMatch(/^<!-- content-review:record v4 id=\S+ part=1\/1 /);
    expect(warnings).toEqual([]);
    expect(companionsOn(context.sha)).toEqual([]);
  });

  it("keepReviewRecord posts the parts past the first as neutral companion check runs, which findReviewRecords reads back", async () => {
    const record = largeRecord(3_000);
    const { first, warnings, context } = await keep(record);
    expect(warnings).toEqual([]);
    const companions = companionsOn(context.sha);
    expect(companions.length).toBeGreaterThan(1);
    expect(companions.map((c) => [c.name, c.status, c.conclusion, c.output?.title])).toEqual(
      companions.map((_, i) => [
        `Content Review (review record, part ${i + 2})`,
        "completed",
        "neutral",
        `Review record, part ${i + 2} of ${companions.length + 1}`,
      ]),
    );
    expect(github.violations).toEqual([]);
    // The check run itself, completed with the first part: the record reads back whole.
    const { data } = await clientOf(github).rest.checks.create({
      owner: "octo",
      repo: "media",
      name: "Content Review",
      head_sha: context.sha,
      status: "completed",
      conclusion: "success",
      output: { title: "t", summary: "s", text: first! },
    });
    const found = await findReviewRecords(clientOf(github), context, {
      checkName: "Content Review",
      sources: [{ sha: context.sha, label: "this commit" }],
      ownCheckRunId: undefined,
      appId: data.app?.id ?? undefined,
      key: KEY,
      paths: TEST_PATHS,
    });
    expect(found.problems).toEqual([]);
    expect(found.records.map((r) => r.record)).toEqual([record]);
  });

  it("keepReviewRecord keeps the newest entries that fit one part when companions may not be posted (a cancelled run)", async () => {
    const { first, warnings, context } = await keep(largeRecord(3_000), { companions: false });
    expect(first).toMatch(/^<!-- content-review:record v4 id=\S+ part=1\/1 /);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The review record of this cancelled run keeps the \d+ newest of 3000 file versions/,
      ),
    ]);
    expect(companionsOn(context.sha)).toEqual([]);
  });

  it("keepReviewRecord warns and keeps nothing when a companion cannot be posted", async () => {
    const locked = await startGithubStandIn({ token: TOKEN });
    try {
      locked.deny("checks");
      const { first, warnings } = await keep(largeRecord(3_000), { stand: locked });
      expect(first).toBeUndefined();
      expect(warnings).toEqual([
        expect.stringMatching(
          /^Could not keep the review record's \d+ companion check runs \(.*\): the next run reuses only earlier records\.$/,
        ),
      ]);
    } finally {
      await locked.close();
    }
  });

  it("keepReviewRecord keeps the newest entries of a record too large for every part, and warns how many the next run reviews again", async () => {
    const count = 1_200 * (MAX_RECORD_PARTS + 1);
    const { first, warnings, context } = await keep(largeRecord(count));
    expect(first).toMatch(/^<!-- content-review:record v4 id=\S+ part=1\/10 /);
    expect(companionsOn(context.sha)).toHaveLength(MAX_RECORD_PARTS - 1);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The review record \(13200 file versions\) is too large to keep whole, .*: it keeps the \d+ newest, and the next run reviews the other \d+ file versions again\.$/,
      ),
    ]);
  });
});
