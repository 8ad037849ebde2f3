#!/usr/bin/env node
// Runs the bundled cli (built by npm run build into dist/cli).
import "../dist/cli/index.js";
