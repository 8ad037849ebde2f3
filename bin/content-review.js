#!/usr/bin/env node
// Runs the bundled cli (built by npm run build into dist/cli).
import { recordLaunchParentPid } from "./launch-parent.js";
import { supportedNode } from "./supported-node.js";

// First, before the bundle loads: a parent gone by the time it watches is then seen as gone.
recordLaunchParentPid();

if (supportedNode("content-review")) await import("../dist/cli/index.js");
