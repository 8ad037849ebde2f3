import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import {
  findEarlierHeads,
  MAX_EARLIER_HEADS,
} from "../../../src/action/incremental/find-earlier-heads.ts";
import { API, testContext, testGithub } from "../github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

/** The sha of commit `n` of the pull request (1 is the oldest). */
const sha = (n: number) => n.toString(16).padStart(40, "0");

const context = (commits: number) =>
  testContext({
    sha: sha(commits),
    pullRequest: {
      number: 7,
      headSha: sha(commits),
      baseSha: "b".repeat(40),
      isFork: false,
      previousHeadSha: sha(commits - 1),
    },
  });

/** GitHub's listing of the pull request's `commits` commits, oldest first, 100 a page. */
function listCommits(commits: number) {
  const all = Array.from({ length: Math.min(commits, 250) }, (_, i) => ({ sha: sha(i + 1) }));
  for (let page = 1; (page - 1) * 100 < all.length; page++) {
    const last = page * 100 >= all.length;
    nock(API)
      .get("/repos/octo/media/pulls/7/commits")
      .query((q) => String(q["page"] ?? "1") === String(page))
      .reply(200, all.slice((page - 1) * 100, page * 100), {
        ...(last
          ? {}
          : {
              link: `<${API}/repos/octo/media/pulls/7/commits?per_page=100&page=${page + 1}>; rel="next"`,
            }),
      });
  }
}

describe("findEarlierHeads", () => {
  it.each([
    ["a few commits: all of them but the head and the head before the push", 5, [3, 2, 1]],
    [
      "more than the bound: the newest, at most MAX_EARLIER_HEADS",
      30,
      Array.from({ length: MAX_EARLIER_HEADS }, (_, i) => 28 - i),
    ],
    [
      "more than GitHub lists (250): the newest of the first 250",
      300,
      Array.from({ length: MAX_EARLIER_HEADS }, (_, i) => 250 - i),
    ],
  ])("findEarlierHeads on %s, newest first", async (_what, commits, expected) => {
    listCommits(commits);
    const found = await findEarlierHeads(testGithub(), context(commits));
    expect(found.problems).toEqual([]);
    expect(found.sources).toEqual(
      expected.map((n) => ({ sha: sha(n), label: "an earlier commit of pull request #7" })),
    );
  });

  it("findEarlierHeads gives a problem to warn about, never an error, when the commits cannot be listed", async () => {
    nock(API)
      .get("/repos/octo/media/pulls/7/commits")
      .query(true)
      .reply(404, { message: "Not Found" });
    const found = await findEarlierHeads(testGithub(), context(5));
    expect(found.sources).toEqual([]);
    expect(found.problems).toEqual([
      expect.stringMatching(
        /^Could not list the commits of pull request #7 \(.*\); the reviews of its earlier heads are not reused\.$/,
      ),
    ]);
  });
});
