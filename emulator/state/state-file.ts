import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { makeFolder } from "../../src/shared/index.ts";
import type { EmulatorState } from "./emulator-state.ts";

/** Where `--data-dir` keeps the state file and the uploaded bytes. */
export function stateFilePath(dataDir: string): string {
  return join(dataDir, "state.json");
}

export function blobDirPath(dataDir: string): string {
  return join(dataDir, "blobs");
}

/** Reads the saved state, or `undefined` when the directory holds none yet. */
export async function readStateFile(dataDir: string): Promise<EmulatorState | undefined> {
  let text: string;
  try {
    text = await readFile(stateFilePath(dataDir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as EmulatorState;
  if (parsed.version !== 1) {
    throw new Error(
      `The emulator state in --data-dir has version ${String(parsed.version)}, expected 1; use an empty directory`,
    );
  }
  return parsed;
}

/** Writes the state atomically (temp file, then rename), so a crash never leaves half a file. */
export async function writeStateFile(dataDir: string, state: EmulatorState): Promise<void> {
  await makeFolder(dataDir);
  const target = stateFilePath(dataDir);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(state));
  await rename(temp, target);
}
