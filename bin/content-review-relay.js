#!/usr/bin/env node
// Runs the bundled relay (built by npm run build into dist/relay).
import "../dist/relay/index.js";
