// Preloaded (`node --require`) into the process a benchmark measures: on exit, writes its peak
// resident set size in bytes (getrusage's ru_maxrss) to the file PEAK_RSS_FILE names.
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  const file = process.env.PEAK_RSS_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS * 1024));
});
