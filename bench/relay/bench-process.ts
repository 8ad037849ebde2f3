import { type ChildProcess, spawn } from "node:child_process";

/** A server of the benchmark, in a process of its own. */
export interface BenchProcess {
  readonly url: string;
  readonly child: ChildProcess;
}

/** Starts `script` and waits for its `listening on <url>` line. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  argv: readonly string[] = [],
): Promise<BenchProcess> {
  const child = spawn(process.execPath, [script, ...argv], {
    env: { PATH: process.env["PATH"] ?? "", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  child.stdout?.resume();
  return { url, child };
}

/** Ends the process at once (SIGKILL: its backlog must not run on) and waits for its exit. */
export async function stopProcess(server: BenchProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
}

/** A relay's gauges and counters, from its `/metrics`. */
export async function relayGauges(url: string): Promise<{ backlog: number; relayed: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
  return { backlog: value("relay_queue_depth"), relayed: value("relay_events_relayed_total") };
}

/** The machine's 1-minute load average when a measurement starts. */
export async function loadAverage(): Promise<number> {
  const { loadavg } = await import("node:os");
  return loadavg()[0] ?? 0;
}
