// Child process for the "no file's contents after its upload" test (run with --expose-gc):
// reviews the files named on the command line against the service at `baseUrl` through the
// shared pipeline, following every buffer allocated for them (the upload's buffers, the hash's)
// with a WeakRef. Once the review is done, and while its outcome is still held, it collects
// garbage and prints as JSON how many of those buffers are still alive.
import { basename } from "node:path";
import { ContentReviewClient } from "../../src/api/index.ts";
import { identifyFiles, runReviewPipeline } from "../../src/pipeline/index.ts";

const [baseUrl, apiKey, ...paths] = process.argv.slice(2) as [string, string, ...string[]];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

const buffers: WeakRef<Buffer>[] = [];
for (const name of ["allocUnsafe", "allocUnsafeSlow"] as const) {
  const original = Buffer[name];
  Buffer[name] = (size: number) => {
    const buffer = original.call(Buffer, size);
    buffers.push(new WeakRef(buffer));
    return buffer;
  };
}

const client = new ContentReviewClient({ apiKey, baseUrl, caller: "test" });
const files = await identifyFiles(
  paths.map((path) => ({ path, displayPath: basename(path), discovered: true })),
  "sha256",
);
const outcome = await runReviewPipeline({
  client,
  files,
  sidekickIds: ["brand"],
  failOn: "never",
  uploadConcurrency: 4,
});
for (let round = 0; round < 3; round++) {
  await new Promise((done) => setImmediate(done));
  gc();
}
console.log(
  JSON.stringify({
    status: outcome.status,
    reviewed: outcome.assets.length,
    followed: buffers.length,
    alive: buffers.filter((ref) => ref.deref() !== undefined).length,
  }),
);
