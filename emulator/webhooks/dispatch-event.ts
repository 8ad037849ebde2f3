import { signStandardWebhook } from "../../src/webhooks/sign-standard-webhook.ts";
import type { EmulatorContext } from "../context.ts";
import type { DeliveryAttemptRecord, WebhookSubscriptionRecord } from "../state/emulator-state.ts";
import { newId } from "../state/ids.ts";
import { drawDrop } from "./draw-drop.ts";

/** One event to deliver (part 6): outer `type` and `timestamp`, snake_case `data`. */
export interface WebhookEventInput {
  readonly workspaceId: string;
  readonly type: string;
  readonly assetId: string | null;
  readonly data: Record<string, unknown>;
}

/**
 * Sends an event to every enabled subscription of the workspace that lists its type
 * (part 6 rule 1) and returns how many subscriptions were notified.
 */
export function dispatchEvent(ctx: EmulatorContext, event: WebhookEventInput): number {
  const targets = Object.values(ctx.state.subscriptions).filter(
    (s) => s.workspaceId === event.workspaceId && s.enabled && s.eventTypes.includes(event.type),
  );
  const body = JSON.stringify({
    type: event.type,
    timestamp: ctx.now().toISOString(),
    data: event.data,
  });
  for (const subscription of targets) {
    const webhookId = `msg_${newId().replaceAll("-", "")}`;
    deliver(
      ctx,
      subscription.id,
      { webhookId, eventType: event.type, assetId: event.assetId, body },
      1,
    );
  }
  return targets.length;
}

/** The error of an attempt the emulator dropped on purpose. */
export const DROPPED = "dropped by the emulator (PUT /_emulator/webhook-drops)";

/**
 * Sends again every message whose last attempt failed and that has no retry left (given up,
 * or dropped on purpose), with its `webhook-id` and body: what a service's "redeliver" does.
 * Returns how many it sent.
 */
export function redeliverFailed(ctx: EmulatorContext, subscriptionId: string | null): number {
  let sent = 0;
  for (const d of latestAttempts(ctx)) {
    if (subscriptionId !== null && d.subscriptionId !== subscriptionId) continue;
    if (d.status !== "failed" || d.nextAttemptAt !== null) continue;
    deliver(ctx, d.subscriptionId, messageOf(d), d.attempt + 1);
    sent++;
  }
  return sent;
}

/** The last attempt of each message to each subscription. */
function latestAttempts(ctx: EmulatorContext): Iterable<DeliveryAttemptRecord> {
  const latest = new Map<string, DeliveryAttemptRecord>();
  for (const d of ctx.state.deliveries) latest.set(`${d.subscriptionId}|${d.webhookId}`, d);
  return latest.values();
}

function messageOf(d: DeliveryAttemptRecord): PendingMessage {
  return { webhookId: d.webhookId, eventType: d.eventType, assetId: d.assetId, body: d.body };
}

/** Runs one attempt in the background; an unexpected error is logged, never left unhandled. */
function deliver(
  ctx: EmulatorContext,
  subscriptionId: string,
  message: PendingMessage,
  attempt: number,
): void {
  attemptDelivery(ctx, subscriptionId, message, attempt).catch((error: unknown) => {
    ctx.config.log(`internal error delivering a webhook: ${(error as Error).message}`);
  });
}

interface PendingMessage {
  readonly webhookId: string;
  readonly eventType: string;
  readonly assetId: string | null;
  readonly body: string;
}

/**
 * One delivery attempt. A non-2xx answer, a timeout or a network error schedules the next
 * attempt after `webhookRetryDelaysMs[attempt - 1]`, with the same `webhook-id` and body;
 * the timestamp and signature are fresh on each attempt, as Standard Webhooks expects.
 */
async function attemptDelivery(
  ctx: EmulatorContext,
  subscriptionId: string,
  message: PendingMessage,
  attempt: number,
): Promise<void> {
  const subscription = ctx.state.subscriptions[subscriptionId];
  if (!subscription?.enabled || ctx.scheduler.closed) return;
  const record: DeliveryAttemptRecord = {
    id: newId(),
    subscriptionId,
    workspaceId: subscription.workspaceId,
    webhookId: message.webhookId,
    eventType: message.eventType,
    assetId: message.assetId,
    attempt,
    status: "pending",
    responseStatus: null,
    error: null,
    createdAt: ctx.now().toISOString(),
    nextAttemptAt: null,
    body: message.body,
  };
  ctx.state.deliveries.push(record);
  ctx.persist();
  // A dropped attempt fails as a lost request would (the receiver never sees it); it is retried
  // on the usual schedule, and each retry is drawn again.
  const outcome = drawDrop(ctx, subscriptionId)
    ? { status: null, error: DROPPED }
    : await post(ctx, subscription, message);
  if (ctx.scheduler.closed) return;
  record.responseStatus = outcome.status;
  record.error = outcome.error;
  record.status =
    outcome.status !== null && outcome.status >= 200 && outcome.status < 300
      ? "succeeded"
      : "failed";
  const delay = ctx.config.webhookRetryDelaysMs[attempt - 1];
  if (record.status === "failed" && delay !== undefined) {
    record.nextAttemptAt = new Date(ctx.now().getTime() + delay).toISOString();
    ctx.scheduler.schedule(delay, () => deliver(ctx, subscriptionId, message, attempt + 1));
  }
  ctx.config.log(
    `webhook ${message.eventType} -> subscription ${subscriptionId} attempt ${attempt}: ${outcome.status ?? outcome.error}`,
  );
  ctx.persist();
}

async function post(
  ctx: EmulatorContext,
  subscription: WebhookSubscriptionRecord,
  message: PendingMessage,
): Promise<{ status: number | null; error: string | null }> {
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  const signature = signStandardWebhook({
    secret: subscription.secret,
    id: message.webhookId,
    timestamp,
    body: message.body,
  });
  const controller = new AbortController();
  ctx.inflight.add(controller);
  const timer = setTimeout(() => controller.abort(), ctx.config.webhookTimeoutMs);
  try {
    const response = await fetch(subscription.endpointUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "content-review-emulator",
        "webhook-id": message.webhookId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signature,
      },
      body: message.body,
      signal: controller.signal,
      redirect: "manual",
    });
    await response.body?.cancel().catch(() => {});
    return { status: response.status, error: null };
  } catch (error) {
    return {
      status: null,
      error: controller.signal.aborted ? "timeout" : (error as Error).message,
    };
  } finally {
    clearTimeout(timer);
    ctx.inflight.delete(controller);
  }
}

/** Resumes retries that were due when a `--data-dir` emulator stopped. */
export function resumeDeliveries(ctx: EmulatorContext): void {
  for (const d of latestAttempts(ctx)) {
    if (d.status === "pending" || (d.status === "failed" && d.nextAttemptAt)) {
      const wait = d.nextAttemptAt ? Date.parse(d.nextAttemptAt) - ctx.now().getTime() : 0;
      const message = messageOf(d);
      if (d.status === "pending") d.status = "failed";
      ctx.scheduler.schedule(wait, () => deliver(ctx, d.subscriptionId, message, d.attempt + 1));
    }
  }
}
