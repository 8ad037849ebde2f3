import type { Command } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { parseUuid } from "../../option-parsers.ts";
import { formatSubscription } from "../../views/format-webhooks.ts";
import { EXAMPLE_SUBSCRIPTION_ID } from "./event-types.ts";
import { withoutSecret } from "./without-secret.ts";

/** `webhooks get ID`. */
export function registerWebhooksGet(webhooks: Command, ctx: CommandContext): void {
  const get = webhooks
    .command("get")
    .description("Show one subscription")
    .argument("<subscription-id>", "the subscription", parseUuid)
    .action((id: string, _options: unknown, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const subscription = await session.client().getWebhookSubscription(id);
        session.print(withoutSecret(subscription), () =>
          formatSubscription(subscription, session.style),
        );
      }),
    );
  withExamples(get, [`content-review webhooks get ${EXAMPLE_SUBSCRIPTION_ID}`]);
}
