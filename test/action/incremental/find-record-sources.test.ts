import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { findRecordSources } from "../../../src/action/incremental/find-record-sources.ts";
import { API, testContext, testGithub } from "../github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

const sha = (digit: string) => digit.repeat(40);

describe("findRecordSources", () => {
  it("findRecordSources on a push to a pull request gives the head, then the head before the push", async () => {
    const ctx = testContext({
      pullRequest: {
        number: 7,
        headSha: sha("c"),
        baseSha: sha("b"),
        isFork: false,
        previousHeadSha: sha("1"),
      },
    });
    expect(await findRecordSources(testGithub(), ctx)).toEqual({
      sources: [
        { sha: sha("c"), label: "this commit" },
        { sha: sha("1"), label: "the head before the push" },
      ],
      problems: [],
    });
  });

  it("findRecordSources on a push adds the commit before it and the heads of the pushed commit's pull requests", async () => {
    nock(API)
      .get(`/repos/octo/media/commits/${sha("2")}/pulls`)
      .query(true)
      .reply(200, [
        { number: 12, head: { sha: sha("d") } },
        { number: 13, head: { sha: sha("e") } },
      ]);
    const ctx = testContext({
      eventName: "push",
      sha: sha("2"),
      pullRequest: undefined,
      push: {
        before: sha("1"),
        after: sha("2"),
        ref: "refs/heads/main",
        defaultBranch: "main",
        deleted: false,
      },
    });
    const { sources, problems } = await findRecordSources(testGithub(), ctx);
    expect(sources).toEqual([
      { sha: sha("2"), label: "this commit" },
      { sha: sha("1"), label: "the commit before the push" },
      { sha: sha("d"), label: "pull request #12's head" },
      { sha: sha("e"), label: "pull request #13's head" },
    ]);
    expect(problems).toEqual([]);
  });

  it("findRecordSources on a merge group reads the queue entry's pull request, never commits/{sha}/pulls", async () => {
    nock(API)
      .get("/repos/octo/media/pulls/42")
      .reply(200, { number: 42, head: { sha: sha("d") } });
    const ctx = testContext({
      eventName: "merge_group",
      sha: sha("9"),
      pullRequest: undefined,
      mergeGroup: {
        headSha: sha("9"),
        baseSha: sha("8"),
        headRef: `refs/heads/gh-readonly-queue/main/pr-42-${sha("d")}`,
        pullNumber: 42,
      },
    });
    expect(await findRecordSources(testGithub(), ctx)).toEqual({
      sources: [
        { sha: sha("9"), label: "this commit" },
        { sha: sha("d"), label: "pull request #42's head" },
      ],
      problems: [],
    });
    expect(nock.isDone()).toBe(true);
  });

  it("findRecordSources warns about a pull request it cannot read, and goes on", async () => {
    nock(API).get("/repos/octo/media/pulls/42").reply(404, { message: "Not Found" });
    const ctx = testContext({
      eventName: "merge_group",
      sha: sha("9"),
      pullRequest: undefined,
      mergeGroup: { headSha: sha("9"), baseSha: sha("8"), headRef: "x", pullNumber: 42 },
    });
    const { sources, problems } = await findRecordSources(testGithub(), ctx);
    expect(sources).toEqual([{ sha: sha("9"), label: "this commit" }]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^Could not look up pull request #42 of the merge queue \(.*Not Found.*\); its reviews are not reused\.$/,
      ),
    ]);
  });
});
