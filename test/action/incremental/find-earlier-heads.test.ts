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

/**
 * GitHub's commit listing from the head of a pull request of `commits` commits on the base
 * branch's commit: newest first, `per_page` of them, the base's history after the PR's own.
 */
function listCommits(commits: number) {
  const fromHead = [
    ...Array.from({ length: commits }, (_, i) => ({ sha: sha(commits - i) })),
    { sha: "b".repeat(40) },
    { sha: "a".repeat(40) },
  ];
  nock(API)
    .get("/repos/octo/media/commits")
    .query({ sha: sha(commits), per_page: String(MAX_EARLIER_HEADS + 1) })
    .reply(200, fromHead.slice(0, MAX_EARLIER_HEADS + 1));
}

describe("findEarlierHeads", () => {
  it.each([
    [
      "a few commits: all of them but the head and the head before the push, none of the base",
      5,
      [3, 2, 1],
    ],
    [
      "more than the bound: the newest, from one listing of the bound and the head",
      30,
      Array.from({ length: MAX_EARLIER_HEADS - 1 }, (_, i) => 28 - i),
    ],
    [
      "more than a pull request's listing holds (250): the newest, not the oldest",
      300,
      Array.from({ length: MAX_EARLIER_HEADS - 1 }, (_, i) => 298 - i),
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
    nock(API).get("/repos/octo/media/commits").query(true).reply(404, { message: "Not Found" });
    const found = await findEarlierHeads(testGithub(), context(5));
    expect(found.sources).toEqual([]);
    expect(found.problems).toEqual([
      expect.stringMatching(
        /^Could not list the commits of pull request #7 \(.*\); the reviews of its earlier heads are not reused\.$/,
      ),
    ]);
  });
});
