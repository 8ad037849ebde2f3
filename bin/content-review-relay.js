#!/usr/bin/env node
// Runs the bundled webhook relay (npm run build puts it in dist/relay). Configured by environment.
import { recordLaunchParentPid } from "./launch-parent.js";
import { supportedNode } from "./supported-node.js";

// First, before the bundle loads: a parent gone by the time it watches is then seen as gone.
recordLaunchParentPid();

if (supportedNode("content-review-relay")) {
  const { main } = await import("../dist/relay/index.js");
  main(process.env).catch((error) => {
    process.stderr.write(`content-review-relay: ${error?.message ?? error}\n`);
    process.exitCode = 1;
  });
}
