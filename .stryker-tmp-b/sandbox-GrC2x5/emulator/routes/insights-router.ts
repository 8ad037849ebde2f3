// @ts-nocheck
import { Router } from "express";
import type { EmulatorContext } from "../context.ts";
import { apiRoute } from "../http/api-route.ts";
import { intQuery } from "../http/read-params.ts";
import {
  processingDuration,
  timeSaved,
  topViolations,
  violationRate,
} from "../insights/compute-insights.ts";

/**
 * Insights (parts 2.13 and 4.13), from real state. Parameter names are assumptions:
 * `days` (1..365, default 30), `manualBaselineSeconds` (>= 0, default 1800), `limit` (1..50, default 10).
 */
export function insightsRouter(ctx: EmulatorContext): Router {
  const router = Router();
  const workspaceAssets = (workspaceId: string) =>
    Object.values(ctx.state.assets).filter((a) => a.workspaceId === workspaceId);
  apiRoute(router, ctx, "getTimeSavedInsight", ({ caller, req }) => {
    const days = intQuery(req, "days", 30, 1, 365);
    const baseline = intQuery(req, "manualBaselineSeconds", 1800, 0);
    return { body: timeSaved(workspaceAssets(caller.workspaceId), days, baseline, ctx.now()) };
  });
  apiRoute(router, ctx, "getViolationRateInsight", ({ caller }) => ({
    body: violationRate(workspaceAssets(caller.workspaceId), ctx.now()),
  }));
  apiRoute(router, ctx, "getProcessingDurationInsight", ({ caller }) => ({
    body: processingDuration(workspaceAssets(caller.workspaceId)),
  }));
  apiRoute(router, ctx, "getTopViolationsInsight", ({ caller, req }) => {
    const days = intQuery(req, "days", 30, 1, 365);
    const limit = intQuery(req, "limit", 10, 1, 50);
    return { body: topViolations(workspaceAssets(caller.workspaceId), days, limit, ctx.now()) };
  });
  return router;
}
