// @ts-nocheck
// The public surface of the emulator.
export type { ApiResponseRecord, EmulatorOptions } from "./resolve-options.ts";
export { type EmulatorHandle, startEmulator } from "./start-emulator.ts";
