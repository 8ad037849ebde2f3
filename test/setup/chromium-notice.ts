// Global setup: one loud line per run when the browser tests are skipped for want of Chromium
// (test/helpers/chromium.ts decides; under CI=true they run and fail instead).
import { chromiumMissingNotice, chromiumTests } from "../helpers/chromium.ts";

export default function setup(): void {
  if (chromiumTests() === "skip") process.stderr.write(`\n${chromiumMissingNotice()}\n\n`);
}
