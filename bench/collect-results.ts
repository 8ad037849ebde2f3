// Collects every bench/*/RESULTS.md into bench/RESULTS.md, so one file shows all results.
// Each benchmark writes its own RESULTS.md; bench/run-bench.ts (its npm script) runs this afterwards.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = dirname(fileURLToPath(import.meta.url));
const parts = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, "RESULTS.md")))
  .map((entry) => entry.name)
  .sort();

const demoted = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((line) => (/^#{1,5} /.test(line) ? `#${line}` : line))
    .join("\n");

// The script that writes each part: `npm run bench:<name>`, unless named here.
const WRITERS: Readonly<Record<string, string>> = { mutation: "npm run test:mutation" };

const body = parts
  .map(
    (name) =>
      `${demoted(readFileSync(join(benchDir, name, "RESULTS.md"), "utf8"))}\n\n(From \`bench/${name}/RESULTS.md\`, written by \`${WRITERS[name] ?? `npm run bench:${name}`}\`.)`,
  )
  .join("\n\n");

writeFileSync(
  join(benchDir, "RESULTS.md"),
  `# Benchmark results\n\nEach benchmark writes its own \`bench/<name>/RESULTS.md\`; this file collects them (\`node bench/collect-results.ts\`, run by every \`npm run bench:*\`). Medians throughout; timings are never asserted in tests.\n\n${body}\n`,
);
console.log(`bench/RESULTS.md: ${parts.join(", ")}`);
