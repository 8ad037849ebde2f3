import type { SlackAnswer } from "./slack-recorder-types.ts";

/** Bot, user and app tokens look like this; anything else is `invalid_auth`. */
export const TOKEN = /^xox[abpe]-[A-Za-z0-9-]+$/;
/** Channel, group and DM ids (C…, G…, D…); names are not resolved by the recorder. */
export const CHANNEL_ID = /^[CGD][A-Z0-9]{2,}$/;
export const TS = /^\d{10}\.\d{6}$/;
export const MAX_HISTORY_LIMIT = 999;
export const DEFAULT_HISTORY_LIMIT = 100;

/** Slack's rule for `metadata.event_type`: a word of letters, digits, `_`, `.` and `-`. */
export const EVENT_TYPE = /^[A-Za-z0-9_.-]{1,255}$/;
/** A `thread_ts` Slack can read; any other is `invalid_thread_ts`. */
export const THREAD_TS = /^\d+\.\d+$/;

export function fail(error: string, extra: Record<string, unknown> = {}): SlackAnswer {
  return { status: 200, body: { ok: false, error, ...extra } };
}

export function ok(body: Record<string, unknown>): SlackAnswer {
  return { status: 200, body: { ok: true, ...body } };
}

export function bool(value: unknown): boolean {
  return value === true || value === "true" || value === "1" || value === 1;
}

export function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return Symbol.for("invalid");
  }
}
