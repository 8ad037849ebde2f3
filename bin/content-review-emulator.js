#!/usr/bin/env node
// Runs the bundled emulator (npm run build puts it in dist/emulator).
import { recordLaunchParentPid } from "./launch-parent.js";
import { supportedNode } from "./supported-node.js";

// First, before the bundle loads: a parent gone by the time it watches is then seen as gone.
recordLaunchParentPid();

if (supportedNode("content-review-emulator")) {
  // run() reports a failed start in words (a port in use names the port and --port 0).
  const { run } = await import("../dist/emulator/index.js");
  await run(process.argv.slice(2));
}
