import { type Command, Option } from "commander";
import { plural } from "../../policy/index.ts";
import { checkAll } from "../check-all.ts";
import { type CommandContext, withExamples } from "../command-context.ts";
import { requireSandbox } from "../create-session.ts";
import {
  collectBlobPath,
  collectTag,
  intInRange,
  parseUuid,
  type TagOption,
} from "../option-parsers.ts";
import {
  addSidekickOption,
  addWaitOptions,
  resolveSidekicks,
  waitSettings,
} from "../shared-options.ts";
import { formatSubmission } from "../views/format-submission.ts";
import { waitWithProgress } from "../wait-with-progress.ts";

interface WaitFlags {
  readonly wait?: boolean;
  readonly timeout: number;
  readonly pollInterval: number;
}

/** `submit`, `status` and `retry`: create, read and re-run submissions (parts 4.3, 4.5, 4.10). */
export function registerSubmissionCommands(program: Command, ctx: CommandContext): void {
  const submit = program
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
  addSidekickOption(submit);
  addWaitOptions(submit);
  submit.action(
    (
      blobPaths: string[],
      options: WaitFlags & { sidekick?: string[]; tag?: TagOption[]; simulationDelay?: number },
      cmd: Command,
    ) =>
      ctx.run(cmd, async (session) => {
        // Every missing setting at once: sidekicks, key, base URL.
        const [sidekickIds] = checkAll([
          () => resolveSidekicks(options.sidekick, ctx.io.env),
          () => session.config(),
        ] as const);
        if (options.simulationDelay !== undefined) requireSandbox(session, "--simulation-delay");
        const tags = options.tag ?? [];
        const created = await session.client().createSubmission(
          {
            assets: blobPaths.map((blobPath) => (tags.length ? { blobPath, tags } : { blobPath })),
            sidekickIds,
          },
          options.simulationDelay === undefined
            ? {}
            : { simulationDelaySeconds: options.simulationDelay },
        );
        session.note(`Submitted ${plural(blobPaths.length, "asset")} as ${created.submissionId}.`);
        const submission = options.wait
          ? await waitWithProgress(session, created.submissionId, waitSettings(options))
          : created;
        session.print(submission, () => formatSubmission(submission, session.style));
      }),
  );
  withExamples(submit, [
    "content-review submit 6f1c2a9e-4b7d-4e21-9a43-0c5d8e7f1a2b/spot.mp4 --sidekick brand-safety --wait",
    "content-review submit $BLOB --sidekick brand-safety --tag campaign=spring --tag urgent",
    `CONTENT_REVIEW_API_KEY=$SANDBOX_KEY content-review submit "$(node -p 'crypto.randomUUID()')/ad__sandbox_fail__.mp4" --sidekick x --wait`,
  ]);

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
