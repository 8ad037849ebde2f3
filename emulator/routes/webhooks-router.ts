import { Router } from "express";
import type { EmulatorContext } from "../context.ts";
import { domainError, serviceValidationError } from "../http/api-error.ts";
import { apiRoute } from "../http/api-route.ts";
import type { Caller } from "../http/authenticate.ts";
import { intQuery, paginate, uuidParam } from "../http/read-params.ts";
import type { WebhookSubscriptionRecord } from "../state/emulator-state.ts";
import { newId, newWebhookSecret } from "../state/ids.ts";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** HTTPS only (part 2.10); loopback `http` too when started with `--allow-insecure-webhooks`. */
function checkEndpointUrl(ctx: EmulatorContext, url: string): void {
  const parsed = new URL(url);
  if (parsed.protocol === "https:") return;
  if (
    parsed.protocol === "http:" &&
    ctx.config.allowInsecureWebhooks &&
    LOOPBACK_HOSTS.has(parsed.hostname)
  )
    return;
  throw serviceValidationError([
    {
      field: "endpointUrl",
      message: ctx.config.allowInsecureWebhooks
        ? "endpointUrl must use HTTPS (plain http is accepted for loopback hosts only)"
        : "endpointUrl must use HTTPS",
    },
  ]);
}

/** The subscription as served; the secret only on create (assumption for get and list). */
function view(s: WebhookSubscriptionRecord, withSecret = false): Record<string, unknown> {
  return {
    id: s.id,
    workspaceId: s.workspaceId,
    endpointUrl: s.endpointUrl,
    eventTypes: s.eventTypes,
    enabled: s.enabled,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    description: s.description,
    ...(withSecret ? { secret: s.secret } : {}),
  };
}

/** 404 when unknown, 403 when it belongs to another workspace (part 4.11). */
function findSubscription(
  ctx: EmulatorContext,
  caller: Caller,
  id: string,
): WebhookSubscriptionRecord {
  const s = ctx.state.subscriptions[id];
  if (!s) throw domainError(404, "Webhook subscription not found");
  if (s.workspaceId !== caller.workspaceId) {
    throw domainError(403, "This webhook subscription belongs to a different workspace");
  }
  return s;
}

/** Creating, updating and deleting subscriptions (bucket `webhook_write`). */
function registerSubscriptionWrites(router: Router, ctx: EmulatorContext): void {
  apiRoute<{ endpointUrl: string; eventTypes: string[]; description?: string }>(
    router,
    ctx,
    "createWebhookSubscription",
    ({ caller, body }) => {
      checkEndpointUrl(ctx, body.endpointUrl);
      const now = ctx.now().toISOString();
      const s: WebhookSubscriptionRecord = {
        id: newId(),
        workspaceId: caller.workspaceId,
        endpointUrl: body.endpointUrl,
        eventTypes: [...new Set(body.eventTypes)],
        enabled: true,
        description: body.description ?? "",
        secret: newWebhookSecret(),
        createdAt: now,
        updatedAt: now,
        seq: ++ctx.state.seq,
      };
      ctx.state.subscriptions[s.id] = s;
      ctx.persist();
      return { status: 201, body: view(s, true) };
    },
  );

  apiRoute<{ enabled?: boolean; endpointUrl?: string }>(
    router,
    ctx,
    "updateWebhookSubscription",
    ({ caller, req, body }) => {
      const s = findSubscription(ctx, caller, uuidParam(req, "subscriptionId"));
      if (body.enabled === undefined && body.endpointUrl === undefined) {
        throw serviceValidationError([
          { field: "body", message: "Send enabled and/or endpointUrl" },
        ]);
      }
      if (body.endpointUrl !== undefined) {
        checkEndpointUrl(ctx, body.endpointUrl);
        // Edited in place: the signing secret is preserved (part 4.11).
        s.endpointUrl = body.endpointUrl;
      }
      if (body.enabled !== undefined) s.enabled = body.enabled;
      s.updatedAt = ctx.now().toISOString();
      ctx.persist();
      return { body: view(s) };
    },
  );

  apiRoute(router, ctx, "deleteWebhookSubscription", ({ caller, req }) => {
    const s = findSubscription(ctx, caller, uuidParam(req, "subscriptionId"));
    delete ctx.state.subscriptions[s.id];
    ctx.persist();
    return { status: 204 };
  });
}

/** Listing and reading subscriptions and their deliveries (bucket `webhook_read`). */
function registerSubscriptionReads(router: Router, ctx: EmulatorContext): void {
  apiRoute(router, ctx, "listWebhookSubscriptions", ({ caller, req }) => {
    const page = intQuery(req, "page", 1, 1);
    const pageSize = intQuery(req, "pageSize", 10, 1, 100);
    const list = Object.values(ctx.state.subscriptions)
      .filter((s) => s.workspaceId === caller.workspaceId)
      .sort((a, b) => a.seq - b.seq)
      .map((s) => view(s));
    return { body: paginate(list, page, pageSize) };
  });

  apiRoute(router, ctx, "getWebhookSubscription", ({ caller, req }) => ({
    body: view(findSubscription(ctx, caller, uuidParam(req, "subscriptionId"))),
  }));

  apiRoute(router, ctx, "listWebhookDeliveries", ({ caller, req }) => {
    const s = findSubscription(ctx, caller, uuidParam(req, "subscriptionId"));
    const page = intQuery(req, "page", 1, 1);
    const pageSize = intQuery(req, "pageSize", 10, 1, 100);
    const list = ctx.state.deliveries
      .filter((d) => d.subscriptionId === s.id)
      .reverse()
      .map((d) => ({
        id: d.id,
        subscriptionId: d.subscriptionId,
        webhookId: d.webhookId,
        eventType: d.eventType,
        assetId: d.assetId,
        attempt: d.attempt,
        status: d.status,
        responseStatus: d.responseStatus,
        createdAt: d.createdAt,
        nextAttemptAt: d.nextAttemptAt,
      }));
    return { body: paginate(list, page, pageSize) };
  });
}

/** Webhook subscriptions CRUD and delivery history (part 4.11). */
export function webhooksRouter(ctx: EmulatorContext): Router {
  const router = Router();
  registerSubscriptionWrites(router, ctx);
  registerSubscriptionReads(router, ctx);
  return router;
}
