// Utilities shared by the library, its hosts (the Action, the CLI), the relay and the emulator.

// Server-side HTTP edges shared by the relay and the emulator.
export {
  answerBeforeBody,
  DEFAULT_LINGER_LIMITS,
  type LingerLimits,
} from "./answer-before-body.ts";
export { describeError } from "./describe-error.ts";
export { keepYoungGeneration } from "./keep-young-generation.ts";
// Process edges shared by the executables (the CLI, the emulator, the relay).
export { launchParentPid, recordLaunchParentPid } from "./launch-parent.ts";
export { MAX_PATH_LENGTH, makeFolder } from "./make-folder.ts";
export { onOutputClosed } from "./on-output-closed.ts";
// One way to read settings: a table of zod schemas, and the rules across settings.
export {
  applyCrossFieldRules,
  type CrossFieldRule,
  readSettings,
  type SettingProblem,
  type SettingsTable,
  type SettingsValues,
} from "./settings/read-settings.ts";
export { type ParentWatchOptions, stopWhenParentExits } from "./stop-when-parent-exits.ts";
export { type PipeWatchOptions, watchPipeReaders } from "./watch-pipe-readers.ts";
export { type AtomicWriteOptions, writeFileAtomically } from "./write-file-atomically.ts";
