/**
 * The walkthroughs run from a clone (the rehearsals of the relay, the CLI, the emulator and the
 * Action) write files into the folder they run in: every one of them is ignored by git there,
 * so that trying the docs never leaves untracked files in the clone.
 */
import { describe, expect, it } from "vitest";
import { blocksUnder, ROOT, readDoc, runProcess } from "../helpers/docs-shell.ts";

const WALKTHROUGHS: readonly [page: string, heading: string][] = [
  ["docs/relay.md", "Rehearse offline"],
  ["docs/relay.md", "Rehearse App mode offline"],
  ["docs/cli.md", "Rehearse offline with the emulator"],
  ["docs/cli.md", "Set up a webhook subscription for the relay"],
  ["docs/emulator.md", "Start it"],
  ["docs/emulator.md", "Walkthrough with curl"],
  ["docs/action.md", "Try it before pushing"],
];

/** Plain file names a shell block writes: `> name`, `--secret-file name`, `--out name`. */
function written(block: string): string[] {
  // `=>` is an arrow function of a `node -e` script, not a redirect.
  const names = [...block.matchAll(/(?:[^>2&=]>|--secret-file|--out)\s+([\w.-]+)/g)].map(
    (m) => m[1]!,
  );
  // `length > 0` in a jq filter is a comparison, not a file.
  return names.filter((name) => /[a-z]/i.test(name));
}

describe("the walkthroughs leave only ignored files in a clone", () => {
  it("finds what the walkthroughs write", async () => {
    const all = new Set<string>();
    for (const [page, heading] of WALKTHROUGHS) {
      for (const block of blocksUnder(await readDoc(page), heading, "sh"))
        for (const name of written(block)) all.add(name);
    }
    // The files these pages are known to write; a new one is checked below as well.
    expect([...all]).toEqual(
      expect.arrayContaining([
        "emulator.log",
        "relay.log",
        "relay-secret.txt",
        "claims.txt",
        "org-app.json",
        "org-secret.txt",
      ]),
    );
  });

  it.each(WALKTHROUGHS)("%s, %s: every file it writes is ignored by git", async (page, heading) => {
    const names = blocksUnder(await readDoc(page), heading, "sh").flatMap(written);
    // The try-action rehearsal writes its default output folder.
    if (heading === "Try it before pushing") names.push("try-action-output/report.json");
    for (const name of names) {
      const res = await runProcess("git", ["check-ignore", "-q", "--no-index", name], {
        cwd: ROOT,
      });
      expect(res.code, `${page}, "${heading}" writes ${name}, which git does not ignore`).toBe(0);
    }
  });
});
