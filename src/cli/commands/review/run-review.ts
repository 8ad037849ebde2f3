import {
  identifyFiles,
  identifyVersions,
  type ReviewOutcome,
  runReviewPipeline,
} from "../../../pipeline/index.ts";
import type { CommandContext } from "../../command-context.ts";
import type { Session } from "../../create-session.ts";
import { readCliAcceptance } from "../../review-acceptance.ts";
import type { PreparedReview } from "./prepare-review.ts";
import { reviewProgressEvents } from "./review-progress-events.ts";

/** A date-time to the second: what a CLI run names itself in the state file's entries. */
function runTime(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, "Z");
}

/**
 * Runs the shared pipeline as planned, with progress on stderr. Returns its outcome and the
 * notice of sandbox files skipped for want of a marker, if any.
 */
export async function runReview(
  { plan, sidekickIds, found, previous }: PreparedReview,
  session: Session,
  ctx: CommandContext,
  accepted: string | undefined,
): Promise<{ outcome: ReviewOutcome; unmarked: string | undefined }> {
  const { signal, cwd, stderr } = ctx.io;
  const acceptedFile = await readCliAcceptance(accepted, cwd, new Date(), stderr);
  // Each file's version (its Git blob sha, as in the Action) binds accepted findings to it.
  const files = await identifyVersions(
    plan.state === null ? found : await identifyFiles(found, "sha256", { signal }),
    { signal },
  );
  let unmarked: string | undefined;
  const outcome = await runReviewPipeline({
    client: session.client(),
    files,
    sidekickIds,
    ...plan.pipeline,
    events: {
      ...reviewProgressEvents(session),
      onSandboxUnmarked: (e) => {
        unmarked = e.message;
      },
      onRecordIgnored: (e) => stderr.write(`content-review: warning: ${e.message}\n`),
    },
    signal,
    accepted: acceptedFile,
    incremental:
      plan.state === null
        ? undefined
        : { previous, identity: "sha256", reviewedIn: runTime(), reuse: plan.reuse },
  });
  return { outcome, unmarked };
}
