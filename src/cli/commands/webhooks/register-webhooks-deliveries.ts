import type { Command } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { intInRange, parseUuid } from "../../option-parsers.ts";
import { formatDeliveries } from "../../views/format-webhooks.ts";
import { EXAMPLE_SUBSCRIPTION_ID as ID } from "./event-types.ts";
import { pageFooter } from "./without-secret.ts";

/** `webhooks deliveries ID`: one page of delivery attempts, newest first. */
export function registerWebhooksDeliveries(webhooks: Command, ctx: CommandContext): void {
  const deliveries = webhooks
    .command("deliveries")
    .description("Show a subscription's delivery attempts, newest first")
    .argument("<subscription-id>", "the subscription", parseUuid)
    .option("--page <n>", "page to read (1-based)", intInRange(1), 1)
    .option("--page-size <n>", "attempts per page", intInRange(1, 100), 20)
    .action((id: string, options: { page: number; pageSize: number }, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const result = await session
          .client()
          .listWebhookDeliveries(id, { page: options.page, pageSize: options.pageSize });
        session.print(
          result,
          () =>
            `${formatDeliveries(result.data, session.style)}\n${pageFooter(result.pagination, "attempts")}`,
        );
      }),
    );
  withExamples(deliveries, [
    `content-review webhooks deliveries ${ID}`,
    `content-review webhooks deliveries ${ID} --json | jq '.data[] | select(.status == "failed")'`,
  ]);
}
