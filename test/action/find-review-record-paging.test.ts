import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { deriveRecordKey } from "../../src/action/incremental/derive-record-key.ts";
import { findReviewRecords } from "../../src/action/incremental/find-review-record.ts";
import { entryOf, recordOf, TEST_PATHS } from "../pipeline/review-record-fixture.ts";
import { API, testContext, testGithub } from "./github-nock.ts";
import { LIVE_SCOPE, recordBlock } from "./signing/signing-fixture.ts";

const KEY = deriveRecordKey("sk_live_findrecordpagingkey000000000001", LIVE_SCOPE);
const HEAD = "c".repeat(40);
const LIST = `/repos/octo/media/commits/${HEAD}/check-runs`;

const run = (id: number, text: string) => ({
  id,
  status: "completed",
  completed_at: `2026-01-01T00:00:${String(id % 60).padStart(2, "0")}Z`,
  output: { title: "t", summary: "s", text },
});

afterEach(() => {
  nock.cleanAll();
});

describe("findReviewRecords, page by page", () => {
  it("findReviewRecords keeps the record verified on the pages read when a later page of a flood cannot be read", async () => {
    const record = recordOf([entryOf("ad.txt", "1", 1)]);
    const genuine = recordBlock(record, KEY, HEAD);
    const flood = `<!-- content-review:record v4 id=${"0".repeat(32)} part=1/1 bm9wZQ== mac=${"0".repeat(64)} -->`;
    nock(API)
      .get(LIST)
      .query((q) => q["page"] === undefined)
      .reply(
        200,
        { total_count: 150, check_runs: [run(3, flood), run(2, genuine)] },
        {
          link: `<${API}${LIST}?page=2>; rel="next", <${API}${LIST}?page=2>; rel="last"`,
        },
      );
    nock(API)
      .get(LIST)
      .query((q) => q["page"] === "2")
      .reply(403, { message: "Resource not accessible by integration" });
    const found = await findReviewRecords(testGithub(), testContext(), {
      checkName: "Content Review",
      sources: [{ sha: HEAD, label: "this commit" }],
      ownCheckRunId: undefined,
      appId: 15368,
      key: KEY,
      paths: TEST_PATHS,
    });
    expect(found.records).toEqual([
      { record, from: { sha: HEAD, checkRunId: 2, label: "this commit" } },
    ]);
    expect(found.problems).toEqual([
      expect.stringMatching(
        /^Could not list the check runs of ccccccc \(this commit\) .*; the records read before that are used\.$/,
      ),
      expect.stringMatching(/^The review record of check run 3 on ccccccc does not verify/),
    ]);
    expect(nock.isDone()).toBe(true);
  });
});
