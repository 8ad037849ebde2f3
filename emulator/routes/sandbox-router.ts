import { Router } from "express";
import type { EmulatorContext } from "../context.ts";
import { domainError } from "../http/api-error.ts";
import { apiRoute } from "../http/api-route.ts";
import { dispatchEvent } from "../webhooks/dispatch-event.ts";

/** `POST /api/sandbox/events/fire` (part 4.12): one event per asset, no credits. */
export function sandboxRouter(ctx: EmulatorContext): Router {
  const router = Router();
  apiRoute<{ eventType: string; submissionId: string; errorMessage: string }>(
    router,
    ctx,
    "fireSandboxEvent",
    ({ caller, body }) => {
      if (caller.kind !== "sandbox") {
        throw domainError(403, "This endpoint needs a sandbox (sk_test_) key");
      }
      const submission = ctx.state.submissions[body.submissionId.toLowerCase()];
      // A live submission is invisible to a sandbox key, as on every read.
      if (
        !submission ||
        submission.workspaceId !== caller.workspaceId ||
        submission.kind !== caller.kind
      )
        throw domainError(404, "Submission not found");
      let dispatched = 0;
      for (const assetId of submission.assetIds) {
        const asset = ctx.state.assets[assetId]!;
        const base = {
          asset_id: asset.assetId,
          submission_id: submission.submissionId,
          workspace_id: caller.workspaceId,
        };
        const data =
          body.eventType === "asset.processing.completed"
            ? { ...base, status: "complete", issue_count: asset.issues?.length ?? 0 }
            : { ...base, status: "failed", error_message: body.errorMessage };
        dispatched += dispatchEvent(ctx, {
          workspaceId: caller.workspaceId,
          type: body.eventType,
          assetId,
          data,
        });
      }
      return { body: { dispatched } };
    },
  );
  return router;
}
