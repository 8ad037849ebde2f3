import type { Command } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { parseUuid } from "../../option-parsers.ts";
import { addWaitOptions, waitSettings } from "../../shared-options.ts";
import { formatSubmission } from "../../views/format-submission.ts";
import { waitWithProgress } from "../../wait-with-progress.ts";
import type { WaitFlags } from "./wait-flags.ts";

/** `status` (part 4.5): a submission and its assets, or wait for it to finish. */
export function registerStatusCommand(program: Command, ctx: CommandContext): void {
  const status = program
    .command("status")
    .description("Show a submission's status and its assets (with failure fields)")
    .argument("<submission-id>", "the id printed by submit or review", parseUuid)
    .option("--wait", "wait until the submission is complete, partial or failed");
  addWaitOptions(status);
  status.action((submissionId: string, options: WaitFlags, cmd: Command) =>
    ctx.run(cmd, async (session) => {
      const submission = options.wait
        ? await waitWithProgress(session, submissionId, waitSettings(options))
        : await session.client().getSubmission(submissionId);
      session.print(submission, () => formatSubmission(submission, session.style));
    }),
  );
  withExamples(status, [
    "content-review status 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e",
    "content-review status 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e --wait --timeout 600",
    "content-review status 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e --json | jq -r .status",
  ]);
}
