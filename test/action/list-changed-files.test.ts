import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { listChangedFiles } from "../../src/action/list-changed-files.ts";
import { API, testContext, testGithub } from "./github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

describe("listChangedFiles", () => {
  it("listChangedFiles pages through a PR's files and leaves out removed ones", async () => {
    const files = Array.from({ length: 230 }, (_, i) => ({
      filename: `f${i}.png`,
      status: i % 10 === 0 ? "removed" : "added",
    }));
    for (const page of [1, 2, 3]) {
      const link: Record<string, string> =
        page < 3
          ? {
              link: `<${API}/repos/octo/media/pulls/7/files?per_page=100&page=${page + 1}>; rel="next"`,
            }
          : {};
      nock(API)
        .get("/repos/octo/media/pulls/7/files")
        .query({ per_page: "100", ...(page > 1 ? { page: String(page) } : {}) })
        .reply(200, files.slice((page - 1) * 100, page * 100), link);
    }
    const changed = await listChangedFiles(testGithub(), testContext());
    expect(changed).toHaveLength(207);
    expect(changed).not.toContain("f0.png");
  });

  it("listChangedFiles uses the compare of a push", async () => {
    nock(API)
      .get(`/repos/octo/media/compare/${"1".repeat(40)}...${"2".repeat(40)}`)
      .query(true)
      .reply(200, {
        files: [
          { filename: "a.png", status: "modified" },
          { filename: "b.png", status: "removed" },
        ],
      });
    const changed = await listChangedFiles(
      testGithub(),
      testContext({
        eventName: "push",
        pullRequest: undefined,
        push: { before: "1".repeat(40), after: "2".repeat(40) },
      }),
    );
    expect(changed).toEqual(["a.png"]);
  });

  it.each([
    ["workflow_dispatch", undefined],
    ["push", { before: "0".repeat(40), after: "2".repeat(40) }],
  ])(
    "listChangedFiles has no change list for %s (every matching file is reviewed)",
    async (eventName, push) => {
      expect(
        await listChangedFiles(
          testGithub(),
          testContext({ eventName, pullRequest: undefined, push }),
        ),
      ).toBeNull();
    },
  );
});
