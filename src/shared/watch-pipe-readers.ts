import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** One open descriptor of a process: `/proc/<pid>/fd/<fd>`. */
export interface OpenDescriptor {
  readonly pid: string;
  readonly fd: string;
}

/** Options of {@link watchPipeReaders}. */
export interface PipeWatchOptions {
  /** How often the readers are checked, in milliseconds. @default 200 */
  readonly intervalMs?: number;
  /** Where the processes are listed. @default "/proc" */
  readonly proc?: string;
  /** This process's id, never counted as a reader. @default process.pid */
  readonly selfPid?: number;
}

/**
 * Whether an fdinfo text (`/proc/<pid>/fdinfo/<fd>`) opens its file for reading: its `flags`
 * (octal) have the access mode O_RDONLY or O_RDWR.
 */
export function opensForReading(fdinfo: string): boolean {
  const flags = /^flags:\s*([0-7]+)\s*$/m.exec(fdinfo)?.[1];
  if (flags === undefined) return false;
  const accessMode = Number.parseInt(flags, 8) & 0o3;
  return accessMode === 0o0 || accessMode === 0o2;
}

/**
 * The descriptors of the processes this one can see that read `pipe` (a link text such as
 * `pipe:[123]`), this process's own left out. Processes it may not look into are not listed.
 */
export function findPipeReaders(
  pipe: string,
  options: Pick<PipeWatchOptions, "proc" | "selfPid"> = {},
): OpenDescriptor[] {
  const proc = options.proc ?? "/proc";
  const self = String(options.selfPid ?? process.pid);
  const readers: OpenDescriptor[] = [];
  for (const pid of listFolder(proc)) {
    if (!/^\d+$/.test(pid) || pid === self) continue;
    for (const fd of listFolder(`${proc}/${pid}/fd`)) {
      if (descriptorState({ pid, fd }, pipe, proc) === "reads") readers.push({ pid, fd });
    }
  }
  return readers;
}

/**
 * Calls `onGone` once when the last reader of the pipe on descriptor `fd` closes it, and returns
 * a function that stops watching. A writer learns that its reader has gone (`| head -1`) only
 * from a write that fails; a server with nothing to log would serve on, and the shell would wait
 * for it for ever. Linux lists every process's descriptors under /proc: the readers seen at the
 * start are checked at an interval (the timer is unref'd), and when none is left one more look
 * over every process decides. Where nothing can be seen (no /proc, not a pipe, a reader this
 * process may not look into), nothing is watched and the next failing write still tells; a
 * reader seen at the start that can no longer be looked into counts as reading until it ends.
 */
export function watchPipeReaders(
  fd: number,
  onGone: () => void,
  options: PipeWatchOptions = {},
): () => void {
  const proc = options.proc ?? "/proc";
  const pipe = linkOf(`${proc}/self/fd/${fd}`);
  if (pipe === undefined || !/^pipe:\[\d+\]$/.test(pipe)) return () => {};
  let readers = findPipeReaders(pipe, options);
  if (readers.length === 0) return () => {};
  const check = () => {
    if (readers.some((reader) => descriptorState(reader, pipe, proc) !== "gone")) return;
    readers = findPipeReaders(pipe, options);
    if (readers.length > 0) return;
    clearInterval(timer);
    onGone();
  };
  const timer = setInterval(check, options.intervalMs ?? 200);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * What a descriptor is now: reading `pipe`; gone (ENOENT: closed, or its process ended; another
 * file; the write end); or unseen (EACCES: its process exec'd a setuid program or made itself
 * undumpable), which a reader seen before still counts as.
 */
function descriptorState(
  { pid, fd }: OpenDescriptor,
  pipe: string,
  proc: string,
): "reads" | "gone" | "unseen" {
  try {
    if (readlinkSync(`${proc}/${pid}/fd/${fd}`) !== pipe) return "gone";
    return opensForReading(readFileSync(`${proc}/${pid}/fdinfo/${fd}`, "utf8")) ? "reads" : "gone";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "gone" : "unseen";
  }
}

function linkOf(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

function listFolder(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}
