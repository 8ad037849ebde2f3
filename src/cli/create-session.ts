import { ContentReviewClient, proxyFromEnv } from "../api/index.ts";
import type { CliIo } from "./cli-io.ts";
import { CliUsageError } from "./cli-usage-error.ts";
import { createProgress, type ProgressReporter } from "./create-progress.ts";
import { colorEnabled, createStyle, type Style } from "./create-style.ts";
import { type CliConfig, resolveCliConfig } from "./resolve-cli-config.ts";

/** Options every command accepts (defined on the program). */
export interface GlobalOptions {
  readonly apiKey?: string;
  readonly baseUrl?: string;
  readonly json?: boolean;
  readonly debug?: boolean;
  readonly color?: boolean;
  readonly progress?: "auto" | "bar" | "plain" | "none";
  /** Attempts per request (the client's retry policy). */
  readonly maxAttempts?: number;
}

/** What one command run works with: output helpers and a lazily configured client. */
export interface Session {
  readonly io: CliIo;
  readonly json: boolean;
  readonly debug: boolean;
  readonly style: Style;
  readonly progress: ProgressReporter;
  /** The resolved settings; throws a usage error naming the missing setting. */
  config(): CliConfig;
  /** The API client, built on first use. */
  client(): ContentReviewClient;
  /** Writes `data` as JSON with `--json`, otherwise the human text. */
  print(data: unknown, human: () => string): void;
  /** A status line on stderr (not with `--json` unless it is a warning). */
  note(text: string): void;
}

const SILENT: ProgressReporter = {
  interactive: false,
  task: () => ({ update() {}, finish() {} }),
  line() {},
  stop() {},
};

function progressFor(io: CliIo, mode: GlobalOptions["progress"]): ProgressReporter {
  if (mode === "none") return SILENT;
  // Bars only when a person is watching: stdout is a terminal (issue 6), and so is stderr,
  // where progress is drawn so that stdout stays clean for results.
  const interactive =
    mode === "bar" || (mode !== "plain" && io.stdout.isTTY === true && io.stderr.isTTY === true);
  return createProgress(io.stderr, interactive);
}

/** Builds the session of one command from its options (program options included). */
export function createSession(io: CliIo, options: GlobalOptions): Session {
  const json = options.json === true;
  const debug = options.debug === true;
  const style = createStyle(colorEnabled(io.stdout, io.env, options.color !== false));
  const progress = progressFor(io, options.progress);
  let config: CliConfig | undefined;
  let client: ContentReviewClient | undefined;
  const resolveConfig = () => {
    config ??= resolveCliConfig({
      apiKeyFlag: options.apiKey,
      baseUrlFlag: options.baseUrl,
      env: io.env,
    });
    return config;
  };
  return {
    io,
    json,
    debug,
    style,
    progress,
    config: resolveConfig,
    client() {
      if (client) return client;
      const { apiKey, baseUrl, baseUrlSetting } = resolveConfig();
      client = new ContentReviewClient({
        apiKey,
        baseUrl,
        baseUrlSetting,
        caller: "cli",
        // HTTPS_PROXY, HTTP_PROXY and NO_PROXY, for the API and the uploads alike.
        proxy: proxyFromEnv(io.env),
        ...(options.maxAttempts ? { retry: { maxAttempts: options.maxAttempts } } : {}),
        onRetry: (event) =>
          progress.line(
            `${event.operation}: attempt ${event.attempt} failed (${event.reason}); retrying in ${Math.round(event.delayMs / 100) / 10} s`,
          ),
        ...(debug
          ? {
              onResponse: (event) =>
                io.stderr.write(
                  `debug: ${event.method} ${event.url} -> ${event.status ?? "no response"} in ${Math.round(event.durationMs)} ms\n`,
                ),
            }
          : {}),
      });
      return client;
    },
    print(data, human) {
      progress.stop();
      io.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : human());
    },
    note(text) {
      if (!json) progress.line(text);
    },
  };
}

/** Throws unless the session's key is a sandbox key (part 5 rule 6). */
export function requireSandbox(session: Session, what: string): void {
  if (session.config().environment !== "sandbox") {
    throw new CliUsageError(
      `${what} works only with a sandbox key (sk_test_...); the key given is a live key. Set CONTENT_REVIEW_API_KEY to the workspace's sandbox key.`,
      { input: "--api-key" },
    );
  }
}
