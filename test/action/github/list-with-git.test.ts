import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listWithGit, parseNameStatus } from "../../../src/action/github/list-with-git.ts";

const exec = promisify(execFile);
const IDENTITY = {
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.test",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.test",
};

let root: string;
let origin: string;
let base: string;
let head: string;

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await exec("git", args, { cwd, env: { ...process.env, ...IDENTITY } });
  return stdout.trim();
}

async function commit(files: Record<string, string | null>, message: string): Promise<string> {
  for (const [path, text] of Object.entries(files)) {
    if (text === null) await rm(join(origin, path));
    else {
      await mkdir(dirname(join(origin, path)), { recursive: true });
      await writeFile(join(origin, path), text);
    }
  }
  await git(origin, "add", "-A");
  await git(origin, "commit", "-q", "-m", message);
  return git(origin, "rev-parse", "HEAD");
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "content-review-list-git-"));
  origin = join(root, "origin");
  await mkdir(origin);
  await git(origin, "init", "-q", "-b", "main");
  base = await commit(
    { "keep.txt": "same\n", "edit.txt": "one\n", "gone.txt": "x\n", "old name.txt": "moved\n" },
    "base",
  );
  await rm(join(origin, "old name.txt"));
  await symlink("keep.txt", join(origin, "link.txt"));
  head = await commit(
    {
      "edit.txt": "two\n",
      "gone.txt": null,
      "new name.txt": "moved\n",
      "zzz/ad\ttab.txt": "Act now!\n",
    },
    "head",
  );
  // The merge commit a pull_request checkout holds, one level deep: neither base nor head.
  await commit({ "merge.txt": "merged\n" }, "merge");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("listWithGit", () => {
  it("listWithGit lists the head's added, modified and renamed-to paths, fetching both commits into a shallow checkout", async () => {
    const checkout = join(root, "shallow");
    await git(root, "clone", "-q", "--depth=1", `file://${origin}`, checkout);
    await expect(git(checkout, "cat-file", "-e", `${base}^{commit}`)).rejects.toThrow();

    const listed = await listWithGit({ workspace: checkout, base, head });
    expect(listed).toEqual({
      paths: expect.arrayContaining(["edit.txt", "link.txt", "new name.txt", "zzz/ad\ttab.txt"]),
    });
    expect((listed as { paths: string[] }).paths).toHaveLength(4);
    await git(checkout, "cat-file", "-e", `${base}^{commit}`);
  });

  it("listWithGit says why when the commits cannot be fetched", async () => {
    const checkout = join(root, "no-origin");
    await git(root, "clone", "-q", "--depth=1", `file://${origin}`, checkout);
    await git(checkout, "remote", "set-url", "origin", join(root, "nowhere"));
    const listed = await listWithGit({ workspace: checkout, base, head });
    expect(listed).toEqual({
      unavailable: expect.stringMatching(new RegExp(`^could not fetch ${base} and ${head} \\(`)),
    });
  });

  it.each([
    ["a folder that is no checkout", () => root, "the workspace is not a git checkout"],
    ["a branch name for the base", () => origin, "the base or head is not a commit sha"],
  ])("listWithGit lists nothing from %s", async (what, workspace, why) => {
    const from = what.includes("branch") ? "main" : base;
    expect(await listWithGit({ workspace: workspace(), base: from, head })).toEqual({
      unavailable: why,
    });
  });
});

describe("parseNameStatus", () => {
  it("parseNameStatus keeps the paths whose content exists at the head", () => {
    expect(parseNameStatus("A\0a.txt\0M\0b c.txt\0D\0gone.txt\0T\0link\0")).toEqual([
      "a.txt",
      "b c.txt",
      "link",
    ]);
  });
});
