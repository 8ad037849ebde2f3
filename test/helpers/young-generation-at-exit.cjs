// Preloaded (`node --require`) into a built tool that a test runs: follows the size of V8's young
// generation (new space) and, on exit, writes the largest it saw, in bytes, to the file that
// YOUNG_GENERATION_FILE names.
const { writeFileSync } = require("node:fs");
const { getHeapSpaceStatistics } = require("node:v8");

const youngSize = () =>
  getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;
let largest = youngSize();
setInterval(() => {
  largest = Math.max(largest, youngSize());
}, 20).unref();
process.on("exit", () => {
  largest = Math.max(largest, youngSize());
  const file = process.env.YOUNG_GENERATION_FILE;
  if (file) writeFileSync(file, String(largest));
});
