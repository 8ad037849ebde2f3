import { expect } from "vitest";
import type { FakeSlack } from "../../fakes/fake-slack.ts";
import { eventBody, sendSigned } from "../helpers/signed-sender.ts";

/** One delivery of a stream: a failed asset, so that each event makes one thread reply. */
export interface StreamEvent {
  readonly id: string;
  readonly submissionId: string;
  readonly body: string;
}

/** `submissions` × `assets` failed-asset events, in submission-major order. */
export function failedAssetEvents(prefix: string, submissions: number, assets: number) {
  const events: StreamEvent[] = [];
  for (let a = 0; a < assets; a += 1) {
    for (let s = 0; s < submissions; s += 1) {
      const submissionId = `${prefix}-sub-${s}`;
      events.push({
        id: `${prefix}_${s}_${a}`,
        submissionId,
        body: eventBody({
          type: "asset.processing.failed",
          submissionId,
          assetId: `${prefix}-asset-${s}-${a}`,
        }),
      });
    }
  }
  return events;
}

/** An answer the sender got: its HTTP status (0: no answer), when, and its Retry-After. */
export interface StreamAnswer {
  readonly id: string;
  readonly status: number;
  readonly at: number;
  readonly retryAfter: string | null;
}

export interface SteadyStream {
  /** Every answer, in order. */
  readonly answers: StreamAnswer[];
  /** Resolves when every event was acknowledged (200). */
  readonly done: Promise<void>;
  /** Events acknowledged so far. */
  acked(): number;
}

/**
 * Sends `events` at a steady pace (one every `intervalMs`, `senders` at a time), each until
 * the relay acknowledges it, as the service's retrying sender does: a fresh signature per try,
 * and a pause after a refusal or a dropped connection (Retry-After, capped to keep the run short).
 */
export function steadyStream(
  url: () => string,
  events: readonly StreamEvent[],
  options: { intervalMs?: number; senders?: number; maxPauseMs?: number } = {},
): SteadyStream {
  const answers: StreamAnswer[] = [];
  let next = 0;
  let acked = 0;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function deliver(event: StreamEvent): Promise<void> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      let status = 0;
      let retryAfter: string | null = null;
      try {
        const res = await sendSigned(url(), { id: event.id, body: event.body });
        await res.arrayBuffer();
        status = res.status;
        retryAfter = res.headers.get("retry-after");
      } catch {
        status = 0;
      }
      answers.push({ id: event.id, status, at: Date.now(), retryAfter });
      if (status === 200) {
        acked += 1;
        return;
      }
      if (Date.now() > deadline) throw new Error(`${event.id} was never acknowledged`);
      const asked = Number(retryAfter ?? "0.1") * 1000;
      await pause(Math.min(options.maxPauseMs ?? 200, Math.max(50, asked)));
    }
  }

  async function sender(): Promise<void> {
    while (next < events.length) {
      const event = events[next] as StreamEvent;
      next += 1;
      await deliver(event);
      await pause(options.intervalMs ?? 20);
    }
  }

  const done = Promise.all(Array.from({ length: options.senders ?? 4 }, () => sender())).then(
    () => undefined,
  );
  return { answers, done, acked: () => acked };
}

/**
 * Exactly once: one parent message per submission, and one thread reply per event (each
 * reply carries its event's id as `reply_key`), nothing more.
 */
export function expectRelayedOnce(slack: FakeSlack, events: readonly StreamEvent[]): void {
  const parents = slack.messages.filter((m) => m.threadTs === null);
  const submissions = [...new Set(events.map((e) => e.submissionId))].sort();
  expect(parents.map((m) => String(m.metadata?.event_payload["submission_id"])).sort()).toEqual(
    submissions,
  );
  const replies = slack.messages.filter((m) => m.threadTs !== null);
  expect(replies.map((m) => String(m.metadata?.event_payload["reply_key"])).sort()).toEqual(
    events.map((e) => e.id).sort(),
  );
}

/** True once every event has its thread reply in Slack. */
export function allReplied(slack: FakeSlack, events: readonly StreamEvent[]): boolean {
  const keys = new Set(
    slack.messages
      .filter((m) => m.threadTs !== null)
      .map((m) => String(m.metadata?.event_payload["reply_key"])),
  );
  return events.every((e) => keys.has(e.id));
}
