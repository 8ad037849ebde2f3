import { type Command, Option } from "commander";
import { plural } from "../../../policy/index.ts";
import { checkAll } from "../../check-all.ts";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { requireSandbox, type Session } from "../../create-session.ts";
import { collectBlobPath, collectTag, intInRange, type TagOption } from "../../option-parsers.ts";
import {
  addSidekickOption,
  addWaitOptions,
  resolveSidekicks,
  waitSettings,
} from "../../shared-options.ts";
import { formatSubmission } from "../../views/format-submission.ts";
import { waitWithProgress } from "../../wait-with-progress.ts";
import { planSubmit } from "./plan-submit.ts";
import type { WaitFlags } from "./wait-flags.ts";

type SubmitOptions = WaitFlags & {
  sidekick?: string[];
  tag?: TagOption[];
  simulationDelay?: number;
};

async function submit(
  ctx: CommandContext,
  session: Session,
  blobPaths: string[],
  options: SubmitOptions,
): Promise<void> {
  // Every missing setting at once: sidekicks, key, base URL.
  const [sidekickIds] = checkAll([
    () => resolveSidekicks(options.sidekick, ctx.io.env),
    () => session.config(),
  ] as const);
  if (options.simulationDelay !== undefined) requireSandbox(session, "--simulation-delay");
  const plan = planSubmit(blobPaths, sidekickIds, options);
  const created = await session.client().createSubmission(plan.body, plan.query);
  session.note(`Submitted ${plural(blobPaths.length, "asset")} as ${created.submissionId}.`);
  const submission = options.wait
    ? await waitWithProgress(session, created.submissionId, waitSettings(options))
    : created;
  session.print(submission, () => formatSubmission(submission, session.style));
}

/** `submit` (part 4.3): one submission of uploaded files. */
export function registerSubmitCommand(program: Command, ctx: CommandContext): void {
  const command = program
    .command("submit")
    .description("Create one submission of uploaded files (use review for the whole flow)")
    .argument(
      "<blob-paths...>",
      "blob paths printed by upload; in sandbox any UUID with a marker",
      collectBlobPath,
    )
    .option(
      "--tag <key=value>",
      "tag every asset; a key alone is a plain tag; repeatable",
      collectTag,
    )
    .addOption(
      new Option(
        "--simulation-delay <seconds>",
        "sandbox only: delay the outcome (0 to 30)",
      ).argParser(intInRange(0, 30)),
    )
    .option("--wait", "wait until the submission is complete, partial or failed");
  addSidekickOption(command);
  addWaitOptions(command);
  command.action((blobPaths: string[], options: SubmitOptions, cmd: Command) =>
    ctx.run(cmd, (session) => submit(ctx, session, blobPaths, options)),
  );
  withExamples(command, [
    "content-review submit 6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b/spot.mp4 --sidekick brand-safety --wait",
    "content-review submit $BLOB --sidekick brand-safety --tag campaign=spring --tag urgent",
    `CONTENT_REVIEW_API_KEY=$SANDBOX_KEY content-review submit "$(node -p 'crypto.randomUUID()')/ad__sandbox_fail__.mp4" --sidekick x --wait`,
  ]);
}
