import { type Command, Option } from "commander";
import { type CommandContext, withExamples } from "../command-context.ts";
import { requireSandbox } from "../create-session.ts";
import { parseUuid } from "../option-parsers.ts";
import { EVENT_TYPES } from "./webhooks/event-types.ts";

/** `sandbox fire`: dispatch a test event to every subscription (part 4.12, sandbox keys only). */
export function registerSandboxCommand(program: Command, ctx: CommandContext): void {
  const sandbox = program.command("sandbox").description("Sandbox-only tools (sk_test_ keys)");
  withExamples(sandbox, [
    "content-review sandbox fire --event asset.processing.completed --submission $SUBMISSION",
  ]);
  const fire = sandbox
    .command("fire")
    .description("Send one event per asset of a sandbox submission to every matching subscription")
    .addOption(
      new Option("--event <type>", "event type to send").choices(EVENT_TYPES).makeOptionMandatory(),
    )
    .requiredOption("--submission <id>", "a submission of this workspace", parseUuid)
    .option("--error-message <text>", "message of a failed event")
    .action(
      (
        options: { event: (typeof EVENT_TYPES)[number]; submission: string; errorMessage?: string },
        cmd: Command,
      ) =>
        ctx.run(cmd, async (session) => {
          requireSandbox(session, "sandbox fire");
          const result = await session.client().fireSandboxEvent({
            eventType: options.event,
            submissionId: options.submission,
            ...(options.errorMessage ? { errorMessage: options.errorMessage } : {}),
          });
          session.print(
            result,
            () =>
              `Dispatched ${result.dispatched} event${result.dispatched === 1 ? "" : "s"} (${options.event}).\n`,
          );
        }),
    );
  withExamples(fire, [
    "content-review sandbox fire --event asset.processing.completed --submission 0b6c5a1e-2f4d-4c8a-9e7b-3d2f1a0c9b8e",
    "content-review sandbox fire --event asset.processing.failed --submission $SUBMISSION --error-message 'test failure'",
  ]);
}
