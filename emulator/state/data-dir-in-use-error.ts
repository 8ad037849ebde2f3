/** Another running emulator holds the `--data-dir` lock: two would overwrite each other's state. */
export class DataDirInUseError extends Error {
  override readonly name = "DataDirInUseError";
  readonly dataDir: string;
  /** The process id of the emulator that holds the lock; null when the lock names none. */
  readonly pid: number | null;

  constructor(dataDir: string, pid: number | null, lockFile: string) {
    const who = pid === null ? "another emulator" : `another emulator (pid ${pid})`;
    // A pid can be reused by another program (after a reboot): say to check before killing it.
    const stop =
      pid === null
        ? "Ctrl+C where it runs"
        : `Ctrl+C where it runs, or kill ${pid} once ps -p ${pid} shows it is the emulator`;
    super(
      `--data-dir ${dataDir} is in use by ${who}, and two would overwrite each other's state: stop that one (${stop}), or pass another --data-dir. If no emulator runs there, delete ${lockFile}.`,
    );
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/** Whether `error` is a {@link DataDirInUseError}. */
export function isDataDirInUseError(error: unknown): error is DataDirInUseError {
  return error instanceof Error && error.name === "DataDirInUseError";
}
