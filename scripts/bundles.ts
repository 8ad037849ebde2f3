/** The bundles in dist/, as data: entry source and output folder (relative to the repo root). */
export interface Bundle {
  readonly name: string;
  readonly entry: string;
  readonly outDir: string;
}

export const BUNDLES: readonly Bundle[] = Object.freeze([
  // action.yml runs dist/index.js.
  { name: "action", entry: "src/action/index.ts", outDir: "dist" },
  { name: "cli", entry: "src/cli/bin.ts", outDir: "dist/cli" },
  { name: "emulator", entry: "emulator/bin.ts", outDir: "dist/emulator" },
  { name: "relay", entry: "relay/bin.ts", outDir: "dist/relay" },
]);
