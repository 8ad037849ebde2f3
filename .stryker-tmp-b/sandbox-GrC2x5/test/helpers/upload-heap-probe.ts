// @ts-nocheck
// Child process for the upload heap test: uploads one file and prints the peak of live memory
// (V8 heap plus external buffers, measured after a forced GC) as JSON. Run with --expose-gc.
import { ContentReviewClient } from "../../src/api/index.ts";

const [baseUrl, path] = process.argv.slice(2) as [string, string];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const live = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const client = new ContentReviewClient({
  apiKey: "sk_test_heapprobe0001",
  baseUrl,
  caller: "test",
});
const baseline = live();
let peak = baseline;
let nextSample = 0;
const result = await client.uploadFile(path, {
  onProgress: ({ bytesSent }) => {
    if (bytesSent < nextSample) return;
    nextSample = bytesSent + 8 * 1024 * 1024;
    peak = Math.max(peak, live());
  },
});
console.log(JSON.stringify({ baseline, peak, growth: peak - baseline, size: result.size }));
