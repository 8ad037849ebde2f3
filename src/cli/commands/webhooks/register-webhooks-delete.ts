import type { Command } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { parseUuid } from "../../option-parsers.ts";
import { EXAMPLE_SUBSCRIPTION_ID } from "./event-types.ts";

/** `webhooks delete ID`. */
export function registerWebhooksDelete(webhooks: Command, ctx: CommandContext): void {
  const remove = webhooks
    .command("delete")
    .description("Delete a subscription; deliveries stop")
    .argument("<subscription-id>", "the subscription", parseUuid)
    .action((id: string, _options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        await session.client().deleteWebhookSubscription(id);
        session.print({ id, deleted: true }, () => `Deleted subscription ${id}.\n`);
      }),
    );
  withExamples(remove, [`content-review webhooks delete ${EXAMPLE_SUBSCRIPTION_ID}`]);
}
