#!/usr/bin/env node
// @ts-nocheck
// Runs the bundled emulator (npm run build puts it in dist/emulator).
import { supportedNode } from "./supported-node.js";

if (supportedNode("content-review-emulator")) {
  const { main } = await import("../dist/emulator/index.js");
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`content-review-emulator: ${error?.message ?? error}\n`);
    process.exitCode = 1;
  });
}
