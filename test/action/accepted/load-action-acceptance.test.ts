import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { loadActionAcceptance } from "../../../src/action/accepted/load-action-acceptance.ts";
import { API, testContext, testGithub } from "../github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

const fork = testContext({
  eventName: "pull_request_target",
  pullRequest: { ...testContext().pullRequest!, isFork: true },
});
const now = new Date("2026-11-29T00:00:00Z");

describe("loadActionAcceptance", () => {
  it.each([
    [404, "Not Found"],
    [500, "boom"],
  ])(
    "loadActionAcceptance on an untrusted head accepts nothing, with a warning, when the base tree answers %i",
    async (status, message) => {
      nock(API)
        .get(`/repos/octo/media/git/trees/${"b".repeat(40)}`)
        .query({ recursive: "true" })
        .reply(status, { message })
        .persist();
      // 5xx after the retries: the client here retries nothing.
      const acceptance = await loadActionAcceptance({
        github: testGithub({ retry: false }),
        context: fork,
        path: ".content-review/accepted.yml",
        now,
      });
      expect(acceptance).toMatchObject({ file: undefined, warning: undefined, unread: true });
      expect(acceptance.note).toMatch(
        /^Could not read \.content-review\/accepted\.yml of the base branch \(bbbbbbb\) .*: no finding is accepted in this run, every finding counts\.$/,
      );
    },
  );

  it("loadActionAcceptance reads the base branch's file of a fork's pull request", async () => {
    const text = Buffer.from(
      "accepted:\n  - path: a.png\n    content: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n    issue: '*'\n    reason: ok\n    accepted-by: '@x'\n    expires: 2027-01-01\n",
    );
    nock(API)
      .get(`/repos/octo/media/git/trees/${"b".repeat(40)}`)
      .query({ recursive: "true" })
      .reply(200, {
        sha: "b".repeat(40),
        truncated: false,
        tree: [
          {
            path: ".content-review/accepted.yml",
            mode: "100644",
            type: "blob",
            sha: "f1",
            size: text.length,
          },
        ],
      })
      .get("/repos/octo/media/git/blobs/f1")
      .reply(200, { content: text.toString("base64"), encoding: "base64" });
    const acceptance = await loadActionAcceptance({
      github: testGithub(),
      context: fork,
      path: ".content-review/accepted.yml",
      now,
    });
    expect(acceptance.unread).toBeUndefined();
    expect(acceptance.file?.problems).toEqual([]);
    expect(acceptance.file?.entries).toHaveLength(1);
    expect(acceptance.note).toMatch(/of the base branch \(bbbbbbb\)/);
  });
});
