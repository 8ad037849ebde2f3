import express, { Router } from "express";
import type { EmulatorContext } from "../context.ts";
import { registerFaultRoutes } from "./fault-routes.ts";
import { registerRecordRoutes } from "./record-routes.ts";
import { registerTagRoutes } from "./tag-routes.ts";
import { registerWorkspaceRoutes } from "./workspace-routes.ts";

/** The control plane under `/_emulator` (no key): not part of the service API. */
export function controlRouter(ctx: EmulatorContext): Router {
  const router = Router();
  router.use("/_emulator", express.json());
  for (const register of [
    registerWorkspaceRoutes,
    registerFaultRoutes,
    registerTagRoutes,
    registerRecordRoutes,
  ]) {
    register(router, ctx);
  }
  return router;
}
