/** The relay's log levels, least severe first; `silent` logs nothing. */
export const LOG_LEVELS = Object.freeze(["debug", "info", "warn", "error", "silent"] as const);
export type LogLevel = (typeof LOG_LEVELS)[number];
