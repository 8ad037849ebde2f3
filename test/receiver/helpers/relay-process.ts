import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../../receiver/bin.ts", import.meta.url));

/** The relay running as a child process, as `npx node receiver/bin.ts` runs it. */
export interface RelayProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** The last lines the relay wrote to stderr (for failure messages). */
  readonly stderr: string[];
}

/** Starts `receiver/bin.ts` on Node 24 with `env` (and `PORT=0`) and waits until it listens. */
export async function spawnRelay(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<RelayProcess> {
  const child = spawn(process.execPath, [BIN], {
    env: { PATH: process.env["PATH"] ?? "", HOST: "127.0.0.1", PORT: "0", ...env },
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
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`relay exited with ${code} before listening: ${stderr.join("\n")}`));
    });
  });
  return { url, child, exited, stderr };
}
