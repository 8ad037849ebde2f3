import { constants } from "node:fs";
import { access, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { ROOT } from "./docs-shell.ts";

/** A word for `sh`, quoted whole. */
function quoted(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The first `npx` on `PATH` outside `skip`. */
async function npmNpx(path: string, skip: string): Promise<string> {
  for (const dir of path.split(delimiter)) {
    if (dir === "" || dir === skip) continue;
    const candidate = join(dir, "npx");
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  throw new Error("no npx on PATH");
}

/**
 * A folder holding an `npx` for a walkthrough's shell (put it first on `PATH`): `npx <a bin of
 * this package> …` runs that bin as npm's npx runs it from a folder of the clone (the clone's
 * `node_modules/.bin` first on `PATH`, so on its Node 24), without npm. Any other `npx` goes on
 * to npm's. npm's npx costs about 0.6 s of CPU a call (loading npm, then reading the clone's
 * whole `node_modules` to find the bin; neither `PATH` nor `npm_config_*` settings change
 * that), which a run that is not about npx need not pay. npm's npx from a folder of the clone is
 * run where it is the point: docs/cli.md's "From a clone" (run-from-clone.test.ts) and the first
 * run of docs/relay.md's "Rehearse offline" (relay-rehearsal.test.ts).
 */
export async function npxStandIn(): Promise<{
  path: string;
  env: { PATH: string };
  remove: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), "npx-stand-in-"));
  const pathBefore = process.env.PATH ?? "";
  const bins = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")).bin as Record<
    string,
    string
  >;
  const cases = Object.entries(bins).map(
    ([name, file]) => `  ${name}) shift; exec ${quoted(join(ROOT, file))} "$@" ;;`,
  );
  const script = [
    "#!/bin/sh",
    "# Written by test/helpers/npx-stand-in.ts: npx for this package's bins, without npm.",
    `PATH=${quoted(join(ROOT, "node_modules", ".bin"))}:"$PATH"`,
    'case "$1" in',
    ...cases,
    "esac",
    `exec ${quoted(await npmNpx(pathBefore, dir))} "$@"`,
    "",
  ].join("\n");
  await writeFile(join(dir, "npx"), script, { mode: 0o755 });
  return {
    path: dir,
    env: { PATH: `${dir}${delimiter}${pathBefore}` },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
