/**
 * Runs the CLI in-process against streams that record what it writes, with a chosen
 * environment, working directory and terminal flag.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliIo, OutputStream } from "../../src/cli/index.ts";
import { main } from "../../src/cli/index.ts";

/** A stream that keeps everything written to it. */
export interface RecordingStream extends OutputStream {
  readonly text: () => string;
}

export function recordingStream(isTTY = false, columns = 100): RecordingStream {
  const chunks: string[] = [];
  return {
    isTTY,
    columns,
    write(chunk: string) {
      chunks.push(String(chunk));
      return true;
    },
    text: () => chunks.join(""),
  };
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: JSON outputs of many shapes
  readonly json: any;
}

export interface RunOptions {
  readonly env?: Record<string, string | undefined>;
  readonly cwd?: string;
  /** Pretend both stdout and stderr are terminals. */
  readonly tty?: boolean;
}

export async function runCli(argv: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  const stdout = recordingStream(options.tty);
  const stderr = recordingStream(options.tty);
  const io: CliIo = { stdout, stderr, env: options.env ?? {}, cwd: options.cwd ?? process.cwd() };
  const code = await main(argv, io);
  const out = stdout.text();
  let json: unknown;
  try {
    json = JSON.parse(out);
  } catch {
    json = undefined;
  }
  return { code, stdout: out, stderr: stderr.text(), json };
}

/** A temporary folder, removed by the returned function. */
export async function tempDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), "content-review-cli-"));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * The media folder outside the clone that docs/cli.md reviews, in `folder`:
 * `campaign-media/ads/claims.txt`, whose claim fails a review. Returns its path.
 */
export async function campaignMedia(folder: string): Promise<string> {
  const media = join(folder, "campaign-media");
  await mkdir(join(media, "ads"), { recursive: true });
  await writeFile(join(media, "ads", "claims.txt"), "Clinically proven and guaranteed.\n");
  return media;
}

/** Environment for a key of the emulator. */
export function envFor(
  emu: { baseUrl: string },
  apiKey: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    CONTENT_REVIEW_BASE_URL: emu.baseUrl,
    CONTENT_REVIEW_API_KEY: apiKey,
    CONTENT_REVIEW_SIDEKICKS: "brand-safety",
    ...extra,
  };
}

/** Fast polling for the emulator (processingSeconds 0). */
export const FAST_POLL = ["--poll-interval", "0.02"] as const;

/** Calls the emulator's control plane (`/_emulator`, no key); bodies are read loosely. */
export async function controlPlane(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many shapes
): Promise<any> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}
