/**
 * `node launch-and-leave.ts <command> [args…]`: starts the command (a bin) with
 * `hold-bundle-load.ts` imported, prints `pid <n>` on stdout, and exits as soon as the bin is
 * loading its bundle: a parent that goes away during its child's start-up. The bin keeps this
 * process's stdout and stderr, so whoever started this one sees them close when the bin ends.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const [command, ...args] = process.argv.slice(2);
if (command === undefined) throw new Error("usage: launch-and-leave.ts <command> [args…]");
const hook = fileURLToPath(new URL("./hold-bundle-load.ts", import.meta.url));
const child = spawn(command, args, {
  stdio: ["ignore", "inherit", "inherit", "pipe"],
  env: {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${JSON.stringify(hook)}`.trim(),
  },
});
process.stdout.write(`pid ${child.pid}\n`);
child.stdio[3]!.once("data", () => process.exit(0));
child.once("exit", (code, signal) => {
  process.stderr.write(
    `launch-and-leave: ${command} ended before loading its bundle (${code ?? signal})\n`,
  );
  process.exit(1);
});
