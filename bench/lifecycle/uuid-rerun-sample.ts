// One sample of the 10,000-file review of bench/lifecycle with UUID-style paths
// (`<uuid>/<uuid>.png`, what asset pipelines name files): a first run, whose credits are the
// baseline, then a re-run of the same commit. With the record keyed by path hashes, its size
// does not depend on the paths, and the re-run costs nothing.
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type Ledger, startBenchServers } from "../bench-servers.ts";

/** What the first run and the re-run cost. */
export interface UuidRerunSample {
  readonly first: Ledger;
  readonly rerun: Ledger;
  readonly reused: number;
  /** Companion check runs that keep the first run's record's parts past the first. */
  readonly companions: number;
  readonly exitCodes: readonly (number | null)[];
  readonly violations: number;
  readonly firstMs: number;
  readonly rerunMs: number;
}

/** A UUID (version 4 layout) from `seed`: the same paths every round, as random as real ones. */
function uuidOf(seed: string): string {
  const h = createHash("sha256").update(seed).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A PNG header of 64×64 (what the emulator reads), told apart by the bytes after it. */
function pngOf(i: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write("IHDR", 4, "latin1");
  ihdr.writeUInt32BE(64, 8);
  ihdr.writeUInt32BE(64, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    ihdr,
    Buffer.from(`variant ${i}\n`),
  ]);
}

const diff = (after: Ledger, before: Ledger): Ledger => ({
  uploads: after.uploads - before.uploads,
  submissions: after.submissions - before.submissions,
  assets: after.assets - before.assets,
  creditsCharged: after.creditsCharged - before.creditsCharged,
});

/** Reviews `files` UUID-named PNGs on a `workflow_dispatch` run, then re-runs it. */
export async function uuidRerunSample(files: number, token: string): Promise<UuidRerunSample> {
  const servers = await startBenchServers(token, "lifecycle-uuid");
  const { github, workspace } = servers;
  const inputs = { comment: "summary-only", "upload-concurrency": "32" };
  try {
    for (let i = 0; i < files; i++) {
      const path = join(workspace, uuidOf(`folder ${i}`), `${uuidOf(`file ${i}`)}.png`);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, pngOf(i));
    }
    // A workflow_dispatch run reviews every matching file of the workspace: no listing limit.
    const event = { inputs: {} };
    const run = async () => {
      const before = await servers.ledger();
      const started = performance.now();
      const result = await servers.review(event, inputs, "workflow_dispatch");
      const ms = performance.now() - started;
      if (result.code !== 0) console.error(result.stdout.slice(-2000), result.stderr);
      return { result, ms, spent: diff(await servers.ledger(), before) };
    };
    const first = await run();
    const companions = github.checkRuns.filter((c) => c.name.includes("(review record, part "));
    const again = await run();
    return {
      first: first.spent,
      rerun: again.spent,
      reused: Number(again.result.outputs["reused-count"] ?? 0),
      companions: companions.length,
      exitCodes: [first.result.code, again.result.code],
      violations: github.violations.length,
      firstMs: first.ms,
      rerunMs: again.ms,
    };
  } finally {
    await servers.close();
  }
}
