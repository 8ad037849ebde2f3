import { vi } from "vitest";

/** What a command's `main` did in this process, as a child's run would report it. */
export interface InProcessRun {
  /** `process.exitCode` as `main` left it (0 when it set none, as a process would end). */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command's `main` in this process, for the cases that end before anything is started
 * (settings or arguments refused, --help, --version): what it writes to stdout and stderr is
 * kept, not printed, and the process's exit code is put back as it was. What only the
 * executable does (its entry, the real exit, signals) keeps a test with a process of its own.
 */
export async function runMainInProcess(main: () => Promise<unknown>): Promise<InProcessRun> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
    stderr += String(chunk);
    return true;
  });
  const saved = process.exitCode;
  process.exitCode = undefined;
  try {
    await main();
    return { code: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.exitCode = saved;
    out.mockRestore();
    err.mockRestore();
  }
}
