import { execFile, execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A Postgres cluster of a test's own, on a free port, that the test may stop and start. */
export interface ScratchPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth). */
  readonly url: string;
  readonly port: number;
  /** Stops the server at once, as a crash or an outage would (`pg_ctl stop -m immediate`). */
  stop(): Promise<void>;
  /**
   * The same, blocking this process until the server is down: called between two queries of
   * code under test, nothing of that code runs before the outage.
   */
  stopNow(): void;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

/** The directory of `initdb` and `pg_ctl`: on PATH, else the newest under /usr/lib/postgresql. */
function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(root, versions[0], "bin");
  }
  for (const dir of (process.env["PATH"] ?? "").split(":")) {
    if (dir !== "" && existsSync(join(dir, "initdb"))) return dir;
  }
  return null;
}

/** True when this machine can run a scratch cluster (initdb found; as root, a postgres user). */
export function scratchPostgresAvailable(): boolean {
  return postgresBin() !== null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * As root, Postgres must run as the `postgres` user: it owns the data directory, and the test's
 * own temporary folders on the way get the search bit so that it can reach it.
 */
async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const { stdout: uid } = await run("id", ["-u", "postgres"]);
  const { stdout: gid } = await run("id", ["-g", "postgres"]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/**
 * Creates and starts a cluster in the OS temp dir (`initdb` + `pg_ctl`), listening on loopback
 * only, with fsync off (its data is thrown away).
 */
export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const bin = postgresBin();
  if (bin === null) throw new Error("initdb not found: install PostgreSQL's server binaries");
  const user = await postgresUser();
  const dir = mkdtempSync(join(tmpdir(), "scratch-pg-"));
  const data = join(dir, "data");
  const as = async (tool: string, args: string[]) => {
    const file = join(bin, tool);
    return user === null
      ? run(file, args)
      : run("runuser", ["-u", "postgres", "--", file, ...args], { cwd: dir });
  };
  if (user !== null) {
    chownSync(dir, user.uid, user.gid);
    for (let d = dir; d !== dirname(d); d = dirname(d)) {
      const st = statSync(d);
      if (st.uid === process.getuid?.() && (st.mode & 0o001) === 0) chmodSync(d, st.mode | 0o711);
    }
  }
  await as("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await as("pg_ctl", [
      "-D",
      data,
      "-o",
      options,
      "-l",
      join(dir, "log"),
      "-w",
      "-t",
      "30",
      "start",
    ]);
  };
  const stop = async () => {
    await as("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
  };
  const stopNow = () => {
    const file = join(bin, "pg_ctl");
    const args = ["-D", data, "-m", "immediate", "-w", "stop"];
    if (user === null) execFileSync(file, args, { stdio: "ignore" });
    else
      execFileSync("runuser", ["-u", "postgres", "--", file, ...args], {
        cwd: dir,
        stdio: "ignore",
      });
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    stopNow,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
