import { type Command, Option } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { parseUuid } from "../../option-parsers.ts";
import { formatSubscription } from "../../views/format-webhooks.ts";
import { EXAMPLE_SUBSCRIPTION_ID as ID } from "./event-types.ts";
import { planWebhookUpdate, type WebhookUpdateOptions } from "./plan-webhook-update.ts";
import { withoutSecret } from "./without-secret.ts";

/** `webhooks update ID`: a new URL keeps the secret (part 4.11); --enable/--disable. */
export function registerWebhooksUpdate(webhooks: Command, ctx: CommandContext): void {
  const update = webhooks
    .command("update")
    .description("Change a subscription's URL (the secret is kept) or turn it on or off")
    .argument("<subscription-id>", "the subscription", parseUuid)
    .option("--url <url>", "new HTTPS endpoint; the signing secret stays the same")
    .addOption(new Option("--enable", "deliver events again").conflicts("disable"))
    .addOption(new Option("--disable", "stop delivering events"))
    .action((id: string, options: WebhookUpdateOptions, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const body = planWebhookUpdate(options);
        const updated = await session.client().updateWebhookSubscription(id, body);
        session.print(withoutSecret(updated), () => formatSubscription(updated, session.style));
      }),
    );
  withExamples(update, [
    `content-review webhooks update ${ID} --disable`,
    `content-review webhooks update ${ID} --url https://relay2.example.com/webhooks/content-review --enable`,
  ]);
}
