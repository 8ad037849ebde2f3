import { vi } from "vitest";
import { main } from "../../../relay/bin.ts";

/** What `relay/bin.ts`'s `main` did, as {@link runRelayToExit} reports a child's run. */
export interface RelayMainRun {
  /** `process.exitCode` as `main` left it (0 when it set none, as a process would end). */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the relay's `main` in this process with `env` (on 127.0.0.1, a free port) and `argv`,
 * for the cases that end before the relay serves: settings refused, arguments, a port or host
 * that cannot be listened on. What the executable adds (its entry check, the real exit) keeps
 * its own process tests in bin.test.ts; these go through the same `main` without the start-up.
 */
export async function runRelayMain(
  env: Record<string, string>,
  argv: readonly string[] = [],
): Promise<RelayMainRun> {
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
    await main({ HOST: "127.0.0.1", PORT: "0", ...env }, {}, argv);
    return { code: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.exitCode = saved;
    out.mockRestore();
    err.mockRestore();
  }
}
