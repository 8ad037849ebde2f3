// Process edges shared by the executables (the CLI, the emulator, the relay).
export { launchParentPid, recordLaunchParentPid } from "../../bin/launch-parent.js";
export { keepYoungGeneration } from "./keep-young-generation.ts";
export { onOutputClosed } from "./on-output-closed.ts";
export { type ParentWatchOptions, stopWhenParentExits } from "./stop-when-parent-exits.ts";
