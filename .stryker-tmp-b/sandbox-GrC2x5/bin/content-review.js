#!/usr/bin/env node
// @ts-nocheck
// Runs the bundled cli (built by npm run build into dist/cli).
import { supportedNode } from "./supported-node.js";

if (supportedNode("content-review")) await import("../dist/cli/index.js");
