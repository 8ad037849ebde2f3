import { spawn } from "node:child_process";

/** What a command run by {@link interruptProcessGroup} did. */
export interface InterruptedRun {
  /** Whether the signal was sent (the command reached the point `ready` waits for). */
  readonly sent: boolean;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `command` in a process group of its own, as a terminal does, and sends SIGINT to the whole
 * group (a Ctrl+C typed there) once `ready(stderr)` holds. SIGKILLs the group after `limitMs`.
 */
export async function interruptProcessGroup(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: (stderr: string) => boolean },
  limitMs = 50_000,
): Promise<InterruptedRun> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  let sent = false;
  child.stdout.on("data", (c: Buffer) => {
    stdout += c.toString("utf8");
  });
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString("utf8");
    if (!sent && options.ready(stderr)) {
      sent = true;
      process.kill(-child.pid!, "SIGINT");
    }
  });
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), limitMs);
  const code = await new Promise<number | null>((done) => child.on("close", done));
  clearTimeout(timer);
  return { sent, code, stdout, stderr };
}
