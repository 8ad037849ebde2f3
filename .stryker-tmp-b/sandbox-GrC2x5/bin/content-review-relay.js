#!/usr/bin/env node
// @ts-nocheck
// Runs the bundled webhook relay (npm run build puts it in dist/relay). Configured by environment.
import { supportedNode } from "./supported-node.js";

if (supportedNode("content-review-relay")) {
  const { main } = await import("../dist/relay/index.js");
  main(process.env).catch((error) => {
    process.stderr.write(`content-review-relay: ${error?.message ?? error}\n`);
    process.exitCode = 1;
  });
}
