import type { Command } from "commander";
import { type CommandContext, withExamples } from "../../command-context.ts";
import { registerWebhooksCreate } from "./register-webhooks-create.ts";
import { registerWebhooksDelete } from "./register-webhooks-delete.ts";
import { registerWebhooksDeliveries } from "./register-webhooks-deliveries.ts";
import { registerWebhooksGet } from "./register-webhooks-get.ts";
import { registerWebhooksList } from "./register-webhooks-list.ts";
import { registerWebhooksUpdate } from "./register-webhooks-update.ts";

/** `webhooks create|list|get|update|delete|deliveries` (part 4.11). */
export function registerWebhooksCommand(program: Command, ctx: CommandContext): void {
  const webhooks = program
    .command("webhooks")
    .description("Manage webhook subscriptions (for example, the relay's endpoint)");
  withExamples(webhooks, [
    "content-review webhooks create --url https://relay.example.com/webhooks/content-review --secret-file relay-secret.txt",
    "content-review webhooks list",
  ]);
  for (const register of [
    registerWebhooksCreate,
    registerWebhooksList,
    registerWebhooksGet,
    registerWebhooksUpdate,
    registerWebhooksDelete,
    registerWebhooksDeliveries,
  ]) {
    register(webhooks, ctx);
  }
}
