import express, { type NextFunction, type Request, type Response } from "express";
import type { EmulatorContext } from "./context.ts";
import { controlRouter } from "./control/control-router.ts";
import { githubRouter } from "./github/github-router.ts";
import { httpValidationError } from "./http/api-error.ts";
import { readJsonBody } from "./http/read-json-body.ts";
import { insightsRouter } from "./routes/insights-router.ts";
import { pricingRouter } from "./routes/pricing-router.ts";
import { sandboxRouter } from "./routes/sandbox-router.ts";
import { storageRouter } from "./routes/storage-router.ts";
import { submissionsRouter } from "./routes/submissions-router.ts";
import { uploadsRouter } from "./routes/uploads-router.ts";
import { webhooksRouter } from "./routes/webhooks-router.ts";
import { slackRouter } from "./slack/slack-router.ts";
import { tracesRouter } from "./traces/traces-router.ts";

/**
 * The Express app of one emulator instance: storage, the `/api` service, the control plane, and
 * the recording Slack and GitHub that the relay and the Action can be pointed at.
 */
export function createApp(ctx: EmulatorContext): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // Storage reads the raw body stream itself; it must come before any body parser.
  app.use(storageRouter(ctx));
  // Before the control plane, whose JSON parser would take their bodies.
  app.use(slackRouter(ctx.slack));
  app.use(githubRouter(ctx.github, ctx.now));
  app.use(tracesRouter(ctx.traces, ctx.config.log));
  app.use(controlRouter(ctx));
  app.use("/api", readJsonBody("10mb"));
  app.use(uploadsRouter(ctx));
  app.use(pricingRouter(ctx));
  app.use(submissionsRouter(ctx));
  app.use(webhooksRouter(ctx));
  app.use(sandboxRouter(ctx));
  app.use(insightsRouter(ctx));
  app.use((req: Request, res: Response) => {
    res.status(404).json({ detail: `Not found: ${req.method} ${req.path}` });
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = error as { type?: string; status?: number; message?: string };
    if (error instanceof URIError && req.path.startsWith("/api/")) {
      // A path segment that is not valid percent-encoding is an invalid path parameter.
      const invalid = httpValidationError([
        { loc: ["path"], msg: "Path is not valid percent-encoding", type: "value_error" },
      ]);
      res.status(invalid.status).json(invalid.body);
      return;
    }
    if (e.type === "entity.parse.failed") {
      res.status(422).json({
        error: "validation_error",
        message: "Request body is not valid JSON",
        fields: [{ field: "body", message: "Body must be valid JSON" }],
      });
      return;
    }
    const status =
      typeof e.status === "number" && e.status >= 400 && e.status < 600 ? e.status : 500;
    res
      .status(status)
      .json({ detail: status === 500 ? "Internal emulator error" : (e.message ?? "Bad request") });
  });
  return app;
}
