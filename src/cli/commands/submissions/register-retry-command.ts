import type { Command } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { parseUuid } from "../../option-parsers.ts";
import { addWaitOptions, waitSettings } from "../../shared-options.ts";
import { formatSubmission } from "../../views/format-submission.ts";
import { waitWithProgress } from "../../wait-with-progress.ts";
import type { WaitFlags } from "./wait-flags.ts";

/** `retry` (part 4.10): re-run a failed, retryable asset. */
export function registerRetryCommand(program: Command, ctx: CommandContext): void {
  const retry = program
    .command("retry")
    .description("Re-run a failed asset whose failure is retryable (409 otherwise)")
    .argument("<submission-id>", "the submission", parseUuid)
    .argument("<asset-id>", "the failed asset", parseUuid)
    .option("--wait", "wait for the submission to finish again, then show it");
  addWaitOptions(retry);
  retry.action((submissionId: string, assetId: string, options: WaitFlags, cmd: Command) =>
    ctx.run(cmd, async (session) => {
      const accepted = await session.client().retryAsset(submissionId, assetId);
      if (!options.wait) {
        session.print(accepted, () => `Retry accepted: asset ${assetId} is ${accepted.status}.\n`);
        return;
      }
      const submission = await waitWithProgress(session, submissionId, waitSettings(options));
      session.print(submission, () => formatSubmission(submission, session.style));
    }),
  );
  withExamples(retry, [
    "content-review retry 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e 6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b",
    "content-review retry $SUBMISSION $ASSET --wait --json",
  ]);
}
