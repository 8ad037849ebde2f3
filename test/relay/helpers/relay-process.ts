import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../../relay/bin.ts", import.meta.url));

/**
 * What a child relay keeps of the test run's environment: PATH, the run's private TMPDIR and its
 * compile cache (test/setup/node-compile-cache.ts: a relay started with it skips most of its
 * compile work, about half its start-up CPU). Nothing the relay reads as a setting.
 */
const INHERITED = Object.freeze(["PATH", "TMPDIR", "NODE_COMPILE_CACHE"]);

/** The environment a child relay gets: {@link INHERITED}, loopback host, a free port, then `env`. */
function childEnv(env: Record<string, string>): Record<string, string> {
  const inherited = INHERITED.flatMap((name) => {
    const value = process.env[name];
    return value === undefined ? [] : [[name, value] as const];
  });
  return { PATH: "", ...Object.fromEntries(inherited), HOST: "127.0.0.1", PORT: "0", ...env };
}

/**
 * Runs a relay script (`relay/bin.ts` by default) to its end, for start-up failures:
 * resolves with its exit code and what it wrote.
 */
export function runRelayToExit(
  env: Record<string, string>,
  script = BIN,
  timeoutMs = 20_000,
  args: readonly string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: childEnv(env) });
    // One that does not end by itself is ended (and reported with code null).
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The relay running as a child process, as `npx node relay/bin.ts` runs it. */
export interface RelayProcess {
  readonly url: string;
  /** The start line the relay printed on stdout. */
  readonly startLine: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** The last lines the relay wrote to stderr (for failure messages). */
  readonly stderr: string[];
}

/**
 * Starts a relay script (`relay/bin.ts` by default) on Node 24 with `env` (and `PORT=0`)
 * and waits until it listens.
 */
export async function spawnRelay(
  env: Record<string, string>,
  timeoutMs = 20_000,
  script = BIN,
): Promise<RelayProcess> {
  const child = spawn(process.execPath, [script], {
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr.push(...chunk.split("\n").filter((l) => l.length > 0));
    if (stderr.length > 50) stderr.splice(0, stderr.length - 50);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  let startLine = "";
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(
      () => reject(new Error(`relay did not start: ${stderr.join("\n")}`)),
      timeoutMs,
    );
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1] !== undefined) {
        startLine = out.split("\n")[0] ?? "";
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`relay exited with ${code} before listening: ${stderr.join("\n")}`));
    });
  });
  return { url, startLine, child, exited, stderr };
}

/**
 * Starts a relay with `start` and runs `body` on it. A failure carries the relay's last stderr
 * lines; whatever happens, a relay still running at the end is killed.
 */
export async function withRelay(
  start: () => Promise<RelayProcess>,
  body: (relay: RelayProcess) => Promise<void>,
): Promise<void> {
  let relay: RelayProcess | undefined;
  try {
    relay = await start();
    await body(relay);
  } catch (error) {
    throw new Error(`${String(error)}\nrelay stderr:\n${relay?.stderr.join("\n")}`, {
      cause: error,
    });
  } finally {
    if (relay?.child.exitCode === null) relay.child.kill("SIGKILL");
  }
}
