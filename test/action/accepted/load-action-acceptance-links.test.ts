import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadActionAcceptance } from "../../../src/action/accepted/load-action-acceptance.ts";
import { testContext } from "../github-nock.ts";

const ACCEPTED = `accepted:\n  - path: media/claim.txt\n    content: ${"a".repeat(40)}\n    issue: "*"\n    reason: self-approved\n    accepted-by: "@me"\n    expires: 2027-01-01\n`;
const now = new Date("2026-11-29T00:00:00Z");
const PATH = ".content-review/accepted.yml";

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), "accepted-links-"));
  await mkdir(join(workspace, "notes"), { recursive: true });
  await writeFile(join(workspace, "notes/accepted.yml"), ACCEPTED);
});
afterEach(async () => rm(workspace, { recursive: true, force: true }));

const load = () =>
  loadActionAcceptance({ github: undefined, context: testContext({ workspace }), path: PATH, now });

describe("loadActionAcceptance and symbolic links", () => {
  it("loadActionAcceptance reads a real accepted file of the workspace", async () => {
    await mkdir(join(workspace, ".content-review"));
    await writeFile(join(workspace, PATH), ACCEPTED);
    const acceptance = await load();
    expect(acceptance.file?.entries).toHaveLength(1);
    expect(acceptance.refusedLink).toBeUndefined();
  });

  it("loadActionAcceptance refuses the file when its folder is a link", async () => {
    await symlink("notes", join(workspace, ".content-review"));
    const acceptance = await load();
    expect(acceptance).toMatchObject({ file: undefined, refusedLink: ".content-review" });
    expect(acceptance.note).toMatch(
      /^\.content-review is a symbolic link on the path of \.content-review\/accepted\.yml: .*every finding counts\. Replace \.content-review with the real folder\.$/,
    );
  });

  it("loadActionAcceptance refuses the file when it is a link", async () => {
    await mkdir(join(workspace, ".content-review"));
    await symlink("../notes/accepted.yml", join(workspace, PATH));
    const acceptance = await load();
    expect(acceptance).toMatchObject({ file: undefined, refusedLink: PATH });
    expect(acceptance.note).toMatch(
      /Replace \.content-review\/accepted\.yml with the real file\.$/,
    );
  });
});
