// Process edges shared by the executables (the CLI, the emulator, the relay).
export { type ParentWatchOptions, stopWhenParentExits } from "./stop-when-parent-exits.ts";
