// Runs one benchmark with the arguments given, then collects every bench/*/RESULTS.md into
// bench/RESULTS.md: `node bench/run-bench.ts <name> [args...]`, which `npm run bench:<name>`
// calls, so that `npm run bench:memory -- --baseline ../before` hands `--baseline` to the
// benchmark itself (an npm script of `a && b` hands its arguments to `b`, the collector).
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = dirname(fileURLToPath(import.meta.url));
const [name, ...args] = process.argv.slice(2);
const benches = readdirSync(benchDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(benchDir, e.name, "run-bench.ts")))
  .map((e) => e.name)
  .sort();
if (name === undefined || !benches.includes(name)) {
  process.stderr.write(
    `run-bench: ${name === undefined ? "name a benchmark" : `no benchmark named "${name}"`}: one of ${benches.join(", ")}.\n`,
  );
  process.exit(2);
}
const child = spawn(process.execPath, [join(benchDir, name, "run-bench.ts"), ...args], {
  stdio: "inherit",
});
const code = await new Promise<number>((done) =>
  child.on("close", (exitCode, signal) => done(exitCode ?? (signal === null ? 1 : 128))),
);
if (code !== 0) process.exit(code);
await import("./collect-results.ts");
