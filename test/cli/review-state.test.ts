import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { spentDuring } from "../helpers/spent-during.ts";
import { type CliRun, envFor, FAST_POLL, runCli, tempDir } from "./cli-harness.ts";

const CLAIMS = "Clinically proven and guaranteed. Act now!\n";

describe("content-review review --state (incremental review) against the emulator", () => {
  let emu: EmulatorHandle;
  let dir: { path: string; remove: () => Promise<void> };
  let env: Record<string, string>;
  let folders = 0;

  /** Runs `review` in `cwd` and returns what the service recorded meanwhile. */
  const review = (cwd: string, ...argv: string[]) =>
    spentDuring(emu.baseUrl, () => runCli(["review", ...argv, ...FAST_POLL], { env, cwd }));

  /** A fresh project folder with `files` (paths relative to it); returns its path. */
  async function project(files: Record<string, string>): Promise<string> {
    folders += 1;
    const root = join(dir.path, `project-${folders}`);
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(root, name, ".."), { recursive: true });
      await writeFile(join(root, name), text);
    }
    return root;
  }

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, processingSeconds: 0 });
    dir = await tempDir();
    env = envFor(emu, emu.liveKey);
  });
  afterAll(async () => {
    await emu.close();
    await dir.remove();
  });

  it("review --state reviews only the file that changed, and still reports all six", async () => {
    const root = await project({
      "media/a.txt": CLAIMS,
      "media/b.txt": "A calm description of the product.\n",
      "media/c.txt": "Act now, while stocks last.\n",
      "media/d.txt": "A quiet description of the product.\n",
      "media/e.txt": "Guaranteed results.\n",
      "media/f.txt": "A calm description of the service.\n",
    });
    const [first, firstSpent] = await review(root, "media", "--state", "state.json", "--json");
    expect(first.code).toBe(1);
    expect(firstSpent).toMatchObject({ uploads: 6, submissions: 1, assets: 6 });
    const state = JSON.parse(await readFile(join(root, "state.json"), "utf8"));
    expect(state).toMatchObject({ version: 1, identity: "sha256", sidekickIds: ["brand-safety"] });
    expect(state.entries.map((e: { path: string }) => e.path)).toEqual(
      ["a", "b", "c", "d", "e", "f"].map((n) => `media/${n}.txt`),
    );
    // Ids only: never the key, never a URL.
    const raw = await readFile(join(root, "state.json"), "utf8");
    expect(raw).not.toContain(emu.liveKey);
    expect(raw).not.toMatch(/https?:/);

    await writeFile(join(root, "media/c.txt"), "Act now! Clinically proven.\n");
    const [second, spent] = await review(root, "media", "--state", "state.json", "--json");
    expect(spent).toEqual({ uploads: 1, submissions: 1, assets: 1, creditsCharged: 1 });
    expect(second.code).toBe(1);
    expect(second.json).toMatchObject({ reusedCount: 5, creditsSaved: 5, credits: { total: 1 } });
    const paths = second.json.assets.map((a: { path: string; reused: unknown }) => [
      a.path,
      a.reused === null,
    ]);
    expect(paths).toEqual(["a", "b", "c", "d", "e", "f"].map((n) => [`media/${n}.txt`, n === "c"]));
    const issues = (run: CliRun, path: string) =>
      run.json.assets.find((a: { path: string }) => a.path === path).issueCount;
    for (const n of ["a", "b", "d", "e", "f"])
      expect(issues(second, `media/${n}.txt`)).toBe(issues(first, `media/${n}.txt`));
    expect(second.json.issueCount).toBeGreaterThan(issues(second, "media/c.txt"));
    expect(second.stderr).toMatch(/^reused media\/a\.txt: unchanged since \d{4}-\d\d-\d\dT/m);
  });

  it("review --state run again on unchanged files uploads, submits and charges nothing", async () => {
    const root = await project({ "m/a.txt": CLAIMS, "m/b.txt": "A calm sentence.\n" });
    const [first] = await review(root, "m", "--state", "s.json");
    const [again, spent] = await review(root, "m", "--state", "s.json");
    expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
    expect(again.code).toBe(first.code);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(
      /m\/a\.txt\s+complete\s+1 critical, 1 major, 1 minor\s+-\s+unchanged since \d{4}-/,
    );
    expect(again.stdout).toContain("2 unchanged files reused (2 credits saved)");
    // The same findings, as the first run had them.
    const verdict = (run: CliRun) => run.stdout.split("\n").filter((l) => l.startsWith("Review "));
    expect(verdict(again)).toEqual(verdict(first));
  });

  it("review --state --no-incremental reviews every file again, and updates the state", async () => {
    const root = await project({ "m/a.txt": CLAIMS, "m/b.txt": "A calm sentence.\n" });
    await review(root, "m", "--state", "s.json", "--fail-on", "never");
    const before = JSON.parse(await readFile(join(root, "s.json"), "utf8"));
    const [run, spent] = await review(root, "m", "--state", "s.json", "--no-incremental", "--json");
    expect(spent).toEqual({ uploads: 2, submissions: 1, assets: 2, creditsCharged: 2 });
    expect(run.json.reusedCount).toBe(0);
    const after = JSON.parse(await readFile(join(root, "s.json"), "utf8"));
    expect(after.entries.map((e: { submissionId: string }) => e.submissionId)).toEqual([
      run.json.submissionId,
      run.json.submissionId,
    ]);
    expect(after.entries[0].submissionId).not.toBe(before.entries[0].submissionId);
  });

  it("review --state keeps paths relative to the state file, so another working directory reuses them", async () => {
    const root = await project({ "m/a.txt": "A calm sentence.\n" });
    await review(root, "m", "--state", "s.json");
    const [, spent] = await review(join(root, "m"), ".", "--state", "../s.json");
    expect(spent.uploads).toBe(0);
    expect(JSON.parse(await readFile(join(root, "s.json"), "utf8")).entries[0].path).toBe(
      "m/a.txt",
    );
  });

  it.each([
    ["not JSON", "{ half", /is not JSON/],
    ["not a state file", '{"hello": "world"}', /is not valid at version/],
    [
      "an entry with a URL",
      JSON.stringify({
        version: 1,
        identity: "sha256",
        sidekickIds: ["x"],
        entries: [
          {
            path: "a",
            contentId: "a".repeat(64),
            submissionId: "https://x",
            assetId: "y",
            reviewedIn: "z",
            credits: 1,
          },
        ],
      }),
      /is not valid at entries\.0\.submissionId/,
    ],
  ])(
    "review --state with a state file that is %s warns, reviews everything and writes it anew",
    async (_what, text, why) => {
      const root = await project({ "m/a.txt": "A calm sentence.\n", "s.json": text });
      const [run, spent] = await review(root, "m", "--state", "s.json");
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(
        /^content-review: warning: The (state file|review record in the state file) s\.json /m,
      );
      expect(run.stderr).toMatch(why);
      expect(run.stderr).toContain("Every file is reviewed, and s.json is written anew.");
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(spent.uploads).toBe(1);
      expect(JSON.parse(await readFile(join(root, "s.json"), "utf8")).entries).toHaveLength(1);
    },
  );

  it("review --state whose file cannot be written after the review is a StateFileError (exit 5), not a usage error", async () => {
    const root = await project({ "m/a.txt": "A calm sentence.\n" });
    // The path passes the checks (its folder is writable; the link dangles), but its target's
    // folder cannot be made: as a disk that fills up during the review, found only at the end.
    await symlink("/proc/no-such-folder/s.json", join(root, "s.json"));
    const [run, spent] = await review(root, "m", "--state", "s.json");
    expect(spent.submissions).toBe(1);
    expect(run.stdout).toMatch(/Review /);
    expect(run.stderr).toMatch(
      /^content-review: Cannot write the state file s\.json \(ENOENT\): the review ran/m,
    );
    expect(run.code).toBe(5);
  });

  it.each([
    ["with --no-wait", ["--state", "s.json", "--no-wait"], /--state needs the review's results/],
    ["naming a folder", ["--state", "m"], /Cannot write m: it is a folder/],
    [
      "naming a file under review",
      ["--state", "m/a.txt"],
      /Cannot write m\/a\.txt: it is one of the files under review/,
    ],
  ])(
    "review --state %s is a usage error before anything is uploaded",
    async (_what, argv, message) => {
      const root = await project({ "m/a.txt": "A calm sentence.\n" });
      const [run, spent] = await review(root, "m", ...argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(spent).toEqual({ uploads: 0, submissions: 0, assets: 0, creditsCharged: 0 });
      expect((await readdir(root)).sort()).toEqual(["m"]);
    },
  );
});
