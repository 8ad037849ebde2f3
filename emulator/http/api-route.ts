import type { Request, Response, Router } from "express";
import type { ZodType } from "zod";
import { type OperationId, operations, requestBodySchemas } from "../../src/api/generated/index.ts";
import type { EmulatorContext } from "../context.ts";
import {
  ApiError,
  domainError,
  isApiError,
  rateLimited,
  serviceValidationError,
} from "./api-error.ts";
import { authenticate, type Caller } from "./authenticate.ts";
import { checkRateLimit } from "./check-rate-limit.ts";
import { drawFault } from "./draw-fault.ts";
import { bodyReadError } from "./read-json-body.ts";

/** What a route handler gets: the caller, the validated body and the raw request. */
export interface ApiCall<Body = unknown> {
  readonly caller: Caller;
  readonly body: Body;
  readonly req: Request;
  /** The emulator's own base URL as the client reached it (for presigned URLs). */
  readonly origin: string;
}

export interface ApiResult {
  readonly status?: number;
  readonly body?: unknown;
}

export type ApiHandler<Body = unknown> = (call: ApiCall<Body>) => ApiResult | Promise<ApiResult>;

/** `/api/submissions/{submissionId}` -> `/api/submissions/:submissionId`. */
function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/**
 * The fault drawn for this request (part 7's retryable statuses, a delay or a reset), thrown as
 * the service's error where it is one. Resolves to the fault left for the route to act on.
 */
async function injectFault(
  ctx: EmulatorContext,
  path: string,
  bucket: (typeof operations)[OperationId]["bucket"],
): Promise<ReturnType<typeof drawFault> | "closed"> {
  const fault = drawFault(ctx, path);
  if (fault === "429") throw rateLimited(1, bucket);
  if (fault === "500")
    throw domainError(500, "Internal server error (emulated fault); retry with backoff");
  if (fault === "502") {
    throw domainError(
      502,
      "Stored detail could not be loaded (emulated fault); retry with backoff",
    );
  }
  if (fault === "delay") {
    await new Promise<void>((resolve) =>
      ctx.scheduler.schedule(ctx.state.settings.faults.delayMs, resolve),
    );
    if (ctx.scheduler.closed) return "closed";
  }
  return fault;
}

/** The JSON body checked against the operation's schema; 422 in the service's shape otherwise. */
function validBody(schema: ZodType, req: Request, res: Response): unknown {
  if (res.locals.bodyError !== undefined) throw bodyReadError(res.locals.bodyError);
  if (req.body === undefined || req.body === null || typeof req.body !== "object") {
    throw serviceValidationError([
      { field: "body", message: "A JSON object body is required (Content-Type: application/json)" },
    ]);
  }
  const parsed = schema.safeParse(req.body);
  if (!parsed.success) {
    throw serviceValidationError(
      parsed.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message })),
    );
  }
  return parsed.data;
}

/**
 * Mounts one operation of the OpenAPI table with the whole `/api` pipeline:
 * fault injection, authentication (401), tier (402), rate limit (429), body validation (422),
 * the handler, and the `onResponse` hook. Method, path and bucket come from the generated table.
 */
export function apiRoute<Body>(
  router: Router,
  ctx: EmulatorContext,
  operationId: OperationId,
  handler: ApiHandler<Body>,
): void {
  const operation = operations[operationId];
  const method = operation.method.toLowerCase() as "get" | "post" | "patch" | "delete" | "put";
  const bodySchema = requestBodySchemas[operationId] as ZodType | null;
  router[method](expressPath(operation.path), async (req: Request, res: Response) => {
    let reset = false;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (reset) {
        // The request was processed; the client only sees the connection drop.
        req.socket.destroy();
        return;
      }
      ctx.config.onResponse?.({
        operationId,
        method: operation.method,
        path: req.path,
        status,
        body,
      });
      res.set(headers);
      if (body === undefined) res.status(status).end();
      else res.status(status).json(body);
    };
    try {
      const fault = await injectFault(ctx, req.path, operation.bucket);
      if (fault === "closed") return;
      reset = fault === "reset";
      const caller = authenticate(ctx, req.get("X-API-Key"), operation.bucket);
      checkRateLimit(ctx, caller.keyHash, operation.bucket);
      const body = bodySchema ? validBody(bodySchema, req, res) : undefined;
      const origin = `${req.protocol}://${req.get("host") ?? "127.0.0.1"}`;
      const result = await handler({ caller, body: body as Body, req, origin });
      send(result.status ?? operation.successStatus, result.body);
    } catch (error) {
      if (isApiError(error)) {
        send(error.status, error.body, { ...error.headers });
        return;
      }
      ctx.config.log(`internal error in ${operationId}: ${(error as Error).message}`);
      const internal = new ApiError(500, {
        detail: "Internal emulator error; retry, and report it if it persists",
      });
      send(internal.status, internal.body);
    }
  });
}
