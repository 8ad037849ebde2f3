#!/usr/bin/env node
// Runs the bundled emulator (built by npm run build into dist/emulator).
import "../dist/emulator/index.js";
