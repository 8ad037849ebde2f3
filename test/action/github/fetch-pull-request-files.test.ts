import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { createGithubClient } from "../../../src/action/github/create-github-client.ts";
import { fetchPullRequestFiles } from "../../../src/action/github/fetch-pull-request-files.ts";
import { API, testContext, testGithub } from "../github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

const HEAD = "c".repeat(40);
const LFS = "version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 123456789\n";

function blob(sha: string, content: string) {
  nock(API, { reqheaders: { accept: /\.raw/ } })
    .get(`/repos/octo/media/git/blobs/${sha}`)
    .reply(200, content, { "content-type": "application/vnd.github.raw" });
}

describe("fetchPullRequestFiles", () => {
  it("fetchPullRequestFiles reads the head's matching files as data and reports links and LFS pointers", async () => {
    nock(API)
      .get(`/repos/octo/media/git/trees/${HEAD}`)
      .query({ recursive: "true" })
      .reply(200, {
        sha: HEAD,
        truncated: false,
        tree: [
          { path: "media/new.png", mode: "100644", type: "blob", sha: "a1", size: 8 },
          { path: "media/big.mp4", mode: "100644", type: "blob", sha: "a2", size: LFS.length },
          { path: "media/link.png", mode: "120000", type: "blob", sha: "a3", size: 9 },
          { path: "media/skip.png", mode: "100644", type: "blob", sha: "a4", size: 4 },
          { path: "tool.exe", mode: "100755", type: "blob", sha: "a5", size: 3 },
        ],
      });
    // Only these two are downloaded: the link is never read, and the others do not match.
    blob("a1", "head png");
    blob("a2", LFS);
    const dir = join(await mkdtemp(join(tmpdir(), "pr-head-")), "head");
    const result = await fetchPullRequestFiles(
      testGithub(),
      testContext({ eventName: "pull_request_target" }),
      {
        paths: ["media/new.png", "media/big.mp4", "media/link.png", "media/skip.png", "tool.exe"],
        patterns: ["media/**", "!media/skip.png"],
        dir,
      },
    );
    expect(result.files).toEqual([
      { path: join(dir, "media/new.png"), displayPath: "media/new.png", discovered: true },
    ]);
    expect(await readFile(join(dir, "media/new.png"), "utf8")).toBe("head png");
    expect(result.skipped.map((s) => [s.file.displayPath, s.reason])).toEqual([
      ["media/big.mp4", "unreadable"],
      ["media/link.png", "symlink"],
    ]);
    expect(result.skipped[0]?.message).toContain("Git LFS");
    expect(nock.isDone()).toBe(true);
  });

  it("fetchPullRequestFiles makes no request when no changed file matches", async () => {
    const dir = join(await mkdtemp(join(tmpdir(), "pr-head-")), "head");
    const result = await fetchPullRequestFiles(testGithub(), testContext(), {
      paths: ["src/app.ts", "../escape.png"],
      patterns: ["**/*.png"],
      dir,
    });
    expect(result).toEqual({ files: [], skipped: [] });
  });

  it("fetchPullRequestFiles downloads nothing more after a 401 and cancels the downloads under way", async () => {
    // A loopback GitHub that counts blob requests: once four are under way (the pool's size),
    // the first is refused with 401 and the other three hang until the client gives up on them.
    const paths = Array.from({ length: 10 }, (_, i) => `media/f${i}.png`);
    const blobs: string[] = [];
    const hung: Promise<void>[] = [];
    let first: ServerResponse | undefined;
    const api = createServer((req, res) => {
      if (req.url?.startsWith(`/repos/octo/media/git/trees/${HEAD}`)) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            sha: HEAD,
            truncated: false,
            tree: paths.map((path, i) => ({
              path,
              mode: "100644",
              type: "blob",
              sha: `b${i}`,
              size: 3,
            })),
          }),
        );
        return;
      }
      blobs.push(req.url ?? "");
      if (first === undefined) first = res;
      else hung.push(new Promise((closed) => res.on("close", () => closed())));
      if (blobs.length === 4) {
        first.writeHead(401, { "content-type": "application/json" });
        first.end(JSON.stringify({ message: "Bad credentials" }));
      }
    });
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
    const root = await mkdtemp(join(tmpdir(), "pr-head-"));
    try {
      const github = createGithubClient({
        token: "ghs_test",
        baseUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
        userAgent: "test",
        log: () => {},
      });
      const fetching = fetchPullRequestFiles(
        github,
        testContext({ eventName: "pull_request_target" }),
        {
          paths,
          patterns: ["media/**"],
          dir: join(root, "head"),
        },
      );
      await expect(fetching).rejects.toMatchObject({ status: 401 });
      expect(hung).toHaveLength(3);
      await Promise.all(hung);
      await new Promise((r) => setImmediate(r));
      expect(blobs).toHaveLength(4);
    } finally {
      api.closeAllConnections();
      await new Promise((r) => api.close(r));
      await rm(root, { recursive: true, force: true });
    }
  });
});
