import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A page of the documentation (`README.md`, `docs/relay.md`, …). */
export function readDoc(path: string): Promise<string> {
  return readFile(join(ROOT, path), "utf8");
}

/**
 * The fenced blocks of one language under a heading of a page (any level), in order, up to the
 * next heading of the same or a higher level. Throws when the heading is missing.
 */
export function blocksUnder(page: string, heading: string, lang: string): string[] {
  const lines = page.split("\n");
  let level = 0;
  let inFence = false;
  const part: string[] = [];
  for (const line of lines) {
    const fence = line.startsWith("```");
    const title = inFence ? null : /^(#+) (.*)$/.exec(line);
    if (fence) inFence = !inFence;
    if (level === 0) {
      if (title && title[2] === heading) level = title[1]!.length;
      continue;
    }
    if (title && title[1]!.length <= level) break;
    part.push(line);
  }
  if (level === 0) throw new Error(`no heading "${heading}"`);
  const text = part.join("\n");
  return [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map(
    (m) => m[1]!,
  );
}

/** A shell command's result. */
export interface ShellRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a program to completion and collects its output (events, no sleeps). The environment is
 * this process's plus `env`, or `env` alone with `inheritEnv: false`.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: {
    cwd: string;
    env?: Record<string, string | undefined>;
    inheritEnv?: boolean;
    /** Sees stderr as it grows; may signal the process (e.g. Ctrl+C once a wait shows). */
    onStderr?: (stderr: string, kill: (signal: NodeJS.Signals) => void) => void;
    /**
     * Past this, the program and everything it started (its process group) get SIGKILL, so a
     * walkthrough that hangs leaves no server behind; the run then ends with code null.
     */
    timeoutMs?: number;
    /**
     * When it aborts (e.g. in an `afterAll` after a `beforeAll` that ran out of time), the
     * program and everything it started get SIGKILL, as after `timeoutMs`.
     */
    signal?: AbortSignal;
  },
): Promise<ShellRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: options.inheritEnv === false ? options.env : { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: options.timeoutMs !== undefined || options.signal !== undefined,
    });
    // Until its output closes, whatever of the group still runs holds it open: all of it goes.
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group ended meanwhile.
      }
    };
    const timer =
      options.timeoutMs === undefined ? undefined : setTimeout(killGroup, options.timeoutMs);
    if (options.signal?.aborted) killGroup();
    options.signal?.addEventListener("abort", killGroup);
    child.on("close", () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", killGroup);
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString("utf8");
      options.onStderr?.(stderr, (signal) => child.kill(signal));
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `script` with bash (`-e -o pipefail`), as {@link runProcess} runs a program. */
export function bash(
  script: string,
  options: {
    cwd: string;
    env?: Record<string, string | undefined>;
    inheritEnv?: boolean;
    timeoutMs?: number;
  },
): Promise<ShellRun> {
  return runProcess("bash", ["-e", "-o", "pipefail", "-c", script], options);
}

/**
 * A folder inside the clone (under the ignored `.tmp/`), so that `npm run` and `npx` find this
 * package from it as they would from any folder of a clone; `samples/` is copied in when asked.
 * With `git`, the folder is also a git work tree that ignores what the clone's `.gitignore`
 * ignores (as `.git/info/exclude`, so the folder starts with nothing to commit): what a
 * walkthrough leaves there shows in {@link gitStatus} as it would in the clone's root.
 */
export async function folderInClone(options: { samples?: boolean; git?: boolean } = {}): Promise<{
  path: string;
  remove: () => Promise<void>;
}> {
  await mkdir(join(ROOT, ".tmp"), { recursive: true });
  const path = await mkdtemp(join(ROOT, ".tmp", "docs-"));
  if (options.samples) await cp(join(ROOT, "samples"), join(path, "samples"), { recursive: true });
  if (options.git) {
    const init = await runProcess("git", ["init", "-q", "."], { cwd: path });
    if (init.code !== 0) throw new Error(`git init failed: ${init.stderr}`);
    await cp(join(ROOT, ".gitignore"), join(path, ".git", "info", "exclude"));
    // The copied samples are tracked in the clone: committed here, so they are not news.
    if (options.samples) {
      const git = (...args: string[]) => runProcess("git", args, { cwd: path });
      await git("add", "samples");
      await git(
        "-c",
        "user.name=docs",
        "-c",
        "user.email=docs@example.com",
        "commit",
        "-qm",
        "samples",
      );
    }
  }
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * `git status --porcelain` of a folder from {@link folderInClone} with `git`: every file a
 * walkthrough left there that git would offer to commit in the clone, one line each.
 */
export async function gitStatus(path: string): Promise<string> {
  const res = await runProcess("git", ["status", "--porcelain", "--untracked-files=all"], {
    cwd: path,
  });
  if (res.code !== 0) throw new Error(`git status failed: ${res.stderr}`);
  return res.stdout;
}

/** The files under `path` (not `.git/`) that others than their owner may read, as `name mode`. */
export async function readableByOthers(path: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || join(entry.parentPath, entry.name).includes(`${sep}.git${sep}`))
      continue;
    const full = join(entry.parentPath, entry.name);
    const mode = (await stat(full)).mode & 0o777;
    if ((mode & 0o077) !== 0) found.push(`${relative(path, full)} ${mode.toString(8)}`);
  }
  return found;
}

/** A free loopback port, for a server a walkthrough starts on a fixed port of its own. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
