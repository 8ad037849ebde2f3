import type { Command } from "commander";
import type { WebhookSubscription } from "../../../api/index.ts";
import { type CommandContext, withExamples } from "../../command-context.ts";
import type { Session } from "../../create-session.ts";
import { intInRange } from "../../option-parsers.ts";
import { formatSubscriptions } from "../../views/format-webhooks.ts";
import { pageFooter, withoutSecret } from "./without-secret.ts";

interface ListOptions {
  readonly page?: number;
  readonly pageSize?: number;
}

async function printOnePage(session: Session, page: number, pageSize?: number): Promise<void> {
  const result = await session
    .client()
    .listWebhookSubscriptions({ page, ...(pageSize ? { pageSize } : {}) });
  session.print(
    { data: result.data.map(withoutSecret), pagination: result.pagination },
    () => `${formatSubscriptions(result.data)}\n${pageFooter(result.pagination, "subscriptions")}`,
  );
}

async function printEveryPage(session: Session, pageSize: number): Promise<void> {
  const all: WebhookSubscription[] = [];
  for (let page = 1; ; page++) {
    const result = await session.client().listWebhookSubscriptions({ page, pageSize });
    all.push(...result.data);
    if (result.data.length === 0 || page >= result.pagination.totalPages) break;
  }
  session.print({ data: all.map(withoutSecret), pagination: null }, () => formatSubscriptions(all));
}

/** `webhooks list`: every page, unless one is asked for. */
export function registerWebhooksList(webhooks: Command, ctx: CommandContext): void {
  const list = webhooks
    .command("list")
    .description("List the workspace's subscriptions (every page unless --page is given)")
    .option("--page <n>", "read only this page (1-based)", intInRange(1))
    .option("--page-size <n>", "subscriptions per page", intInRange(1, 100))
    .action((options: ListOptions, cmd: Command) =>
      ctx.run(cmd, (session) =>
        options.page !== undefined
          ? printOnePage(session, options.page, options.pageSize)
          : printEveryPage(session, options.pageSize ?? 100),
      ),
    );
  withExamples(list, [
    "content-review webhooks list",
    "content-review webhooks list --json | jq -r '.data[].id'",
  ]);
}
