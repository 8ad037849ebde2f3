import type { LogLevel } from "./config/index.ts";

/** A small structured logger: one JSON line per entry. Callers never pass secrets to it. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** A logger writing JSON lines at or above `level` to `write` (stderr by default). */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const at =
    (lvl: Exclude<LogLevel, "silent">) => (message: string, fields?: Record<string, unknown>) => {
      if (ORDER[lvl] < ORDER[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, message, ...fields }));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
