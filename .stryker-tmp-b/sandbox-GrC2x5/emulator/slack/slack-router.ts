// @ts-nocheck
import express, { type Request, Router } from "express";
import type { SlackRecorder } from "./slack-recorder.ts";

/** Where the recording Slack Web API is mounted: the relay's `SLACK_API_URL` is this, plus `/`. */
export const SLACK_API_PATH = "/_emulator/slack/api";

function bearer(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? "";
}

/**
 * The recording Slack under `/_emulator/slack`: the Web API methods at
 * `/_emulator/slack/api/{method}` (form-encoded or JSON bodies, or a query string, as Slack
 * accepts), and `GET /_emulator/slack/messages` to see what was posted; `DELETE` clears it.
 */
export function slackRouter(slack: SlackRecorder): Router {
  const router = Router();
  const bodies = [
    express.urlencoded({ extended: false, limit: "1mb" }),
    express.json({ limit: "1mb" }),
  ];

  router.all(`${SLACK_API_PATH}/:method`, ...bodies, (req, res) => {
    if (req.method !== "GET" && req.method !== "POST") {
      res.status(405).json({ ok: false, error: "method_not_supported_for_channel_type" });
      return;
    }
    const params = {
      ...(req.query as Record<string, unknown>),
      ...((req.body ?? {}) as Record<string, unknown>),
    };
    const token = bearer(req) ?? (typeof params.token === "string" ? params.token : undefined);
    delete params.token;
    const answer = slack.call(String(req.params.method), token, params);
    res.status(answer.status).json(answer.body);
  });

  router.get("/_emulator/slack/messages", (req, res) => {
    const channel = typeof req.query.channel === "string" ? req.query.channel : undefined;
    res.json({
      messages: slack.messages
        .filter((m) => channel === undefined || m.channel === channel)
        .map((m) => ({
          channel: m.channel,
          ts: m.ts,
          threadTs: m.threadTs,
          text: m.text,
          blocks: m.blocks,
          metadata: m.metadata,
          edited: m.editedTs !== null,
          updates: m.history.length,
        })),
      calls: slack.calls,
    });
  });

  router.delete("/_emulator/slack/messages", (_req, res) => {
    slack.clear();
    res.status(204).end();
  });
  return router;
}
