// @ts-nocheck
// Global setup: every Node process of the run (vitest's workers, and each CLI, relay, emulator and
// Action the tests start) keeps V8's compiled code, TypeScript's stripped sources included, in one
// cache under node_modules/.cache. The tests start a few hundred such processes, most of them of
// the same few modules; each one then skips most of its compile work.
import { fileURLToPath } from "node:url";

export default function setup(): void {
  process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
    new URL("../../node_modules/.cache/content-review/node-compile-cache", import.meta.url),
  );
}
