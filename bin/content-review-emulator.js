#!/usr/bin/env node
// Runs the bundled emulator (npm run build puts it in dist/emulator).
import { supportedNode } from "./supported-node.js";

if (supportedNode("content-review-emulator")) {
  // run() reports a failed start in words (a port in use names the port and --port 0).
  const { run } = await import("../dist/emulator/index.js");
  await run(process.argv.slice(2));
}
