// Child process for the young-generation test: with "keep" as its argument it calls
// keepYoungGeneration() first; then it keeps 40 MiB of small objects, made a few at a time
// between the young generation's collections (as a long review keeps its results), and prints
// the young generation's size before and its largest since as JSON.
import { getHeapSpaceStatistics } from "node:v8";
import { keepYoungGeneration } from "../../src/shared/index.ts";

const youngSize = () =>
  getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!.space_size;
if (process.argv[2] === "keep") keepYoungGeneration();
const before = youngSize();
let largest = before;
const kept: { id: string; text: string }[] = [];
for (let i = 0; i < 400_000; i++) {
  kept.push({ id: `asset-${i}`, text: `finding ${i} `.repeat(4) });
  // Garbage between the survivors, so that collections happen while they are being made.
  JSON.parse(`{"n": ${i}, "s": "${"x".repeat(64)}"}`);
  if (i % 1000 === 0) largest = Math.max(largest, youngSize());
}
console.log(JSON.stringify({ before, largest, kept: kept.length }));
