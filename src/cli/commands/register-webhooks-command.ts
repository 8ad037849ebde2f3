import { access } from "node:fs/promises";
import { resolve } from "node:path";
import { type Command, Option } from "commander";
import type { WebhookEventType, WebhookSubscription } from "../../api/index.ts";
import { CliUsageError } from "../cli-usage-error.ts";
import { type CommandContext, withExamples } from "../command-context.ts";
import { collectChoices, intInRange, parseUuid } from "../option-parsers.ts";
import {
  formatDeliveries,
  formatSubscription,
  formatSubscriptions,
} from "../views/format-webhooks.ts";
import { checkOutputFile, writeOutputFile } from "../write-output-file.ts";

/** The event types of part 6, as data. */
export const EVENT_TYPES: readonly WebhookEventType[] = Object.freeze([
  "asset.processing.completed",
  "asset.processing.failed",
]);

const ID = "5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d";

/** A subscription without its secret: the secret is shown only where the user asked for it. */
function withoutSecret(subscription: WebhookSubscription): Omit<WebhookSubscription, "secret"> {
  const { secret: _secret, ...rest } = subscription;
  return rest;
}

function pageFooter(p: { page: number; totalPages: number; total: number }, what: string): string {
  return `Page ${p.page} of ${Math.max(p.totalPages, 1)} (${p.total} ${what} in all)\n`;
}

/** `webhooks create|list|get|update|delete|deliveries` (part 4.11). */
export function registerWebhooksCommand(program: Command, ctx: CommandContext): void {
  const webhooks = program
    .command("webhooks")
    .description("Manage webhook subscriptions (for example, the relay's endpoint)");
  withExamples(webhooks, [
    "content-review webhooks create --url https://relay.example.com/webhooks/content-review --secret-file relay-secret.txt",
    "content-review webhooks list",
  ]);

  const create = webhooks
    .command("create")
    .description("Subscribe an HTTPS endpoint to processing events; the secret is returned once")
    .requiredOption("--url <url>", "HTTPS endpoint that answers 200")
    .addOption(
      new Option(
        "--event <types...>",
        "event types to receive, repeatable or comma-separated (default: both)",
      )
        .choices(EVENT_TYPES)
        .argParser(collectChoices(EVENT_TYPES)),
    )
    .option("--description <text>", "a note for people", "")
    .option("--secret-file <path>", "write the signing secret to this new file (mode 600)")
    .option("--show-secret", "print the signing secret instead (it is never shown again)")
    .action(
      (
        options: {
          url: string;
          event?: WebhookEventType[];
          description: string;
          secretFile?: string;
          showSecret?: boolean;
        },
        cmd: Command,
      ) =>
        ctx.run(cmd, async (session) => {
          if (!options.secretFile && !options.showSecret) {
            throw new CliUsageError(
              "The signing secret is returned only once, at creation: pass --secret-file FILE to keep it in a private file (recommended), or --show-secret to print it.",
              { input: "--secret-file" },
            );
          }
          if (options.secretFile) {
            const exists = await access(resolve(ctx.io.cwd, options.secretFile)).then(
              () => true,
              () => false,
            );
            if (exists) {
              throw new CliUsageError(
                `Cannot write ${options.secretFile}: it already exists, and nothing was created. It probably holds the secret of a subscription an earlier run created, which still exists: to keep that one, skip this step and use its id (content-review webhooks list); to start over, delete it (content-review webhooks delete ID) and remove ${options.secretFile} first. Removing the file alone would leave that subscription without its secret.`,
                { input: "--secret-file" },
              );
            }
            // The secret is shown only once: make sure it can be kept before asking for it.
            await checkOutputFile(ctx.io.cwd, options.secretFile, {
              input: "--secret-file",
              consequence: "Nothing was created.",
            });
          }
          const created = await session.client().createWebhookSubscription({
            endpointUrl: options.url,
            eventTypes: options.event?.length ? [...new Set(options.event)] : [...EVENT_TYPES],
            description: options.description,
          });
          const secret = created.secret ?? "";
          let secretFile: string | null = null;
          if (options.secretFile) {
            try {
              await writeOutputFile(ctx.io.cwd, options.secretFile, `${secret}\n`, {
                mode: 0o600,
                exclusive: true,
                input: "--secret-file",
              });
            } catch (error) {
              throw new CliUsageError(
                `${(error as Error).message} Subscription ${created.id} was created, but its secret could not be kept: delete it (content-review webhooks delete ${created.id}) and create it again.`,
                { input: "--secret-file", cause: error },
              );
            }
            secretFile = options.secretFile;
          }
          const data = {
            ...withoutSecret(created),
            secretFile,
            ...(options.showSecret ? { secret } : {}),
          };
          const note = options.showSecret
            ? secret
            : `written to ${secretFile} (keep it private; give it to the receiver, e.g. the relay's WEBHOOK_SECRETS)`;
          session.print(data, () => formatSubscription(created, session.style, note));
        }),
    );
  withExamples(create, [
    "content-review webhooks create --url https://relay.example.com/webhooks/content-review --secret-file relay-secret.txt",
    "content-review webhooks create --url https://hooks.example.com/cr --event asset.processing.failed --description 'failures only' --show-secret --json",
  ]);

  const list = webhooks
    .command("list")
    .description("List the workspace's subscriptions (every page unless --page is given)")
    .option("--page <n>", "read only this page (1-based)", intInRange(1))
    .option("--page-size <n>", "subscriptions per page", intInRange(1, 100))
    .action((options: { page?: number; pageSize?: number }, cmd: Command) =>
      ctx.run(cmd, async (session) => {
        const client = session.client();
        if (options.page !== undefined) {
          const result = await client.listWebhookSubscriptions({
            page: options.page,
            ...(options.pageSize ? { pageSize: options.pageSize } : {}),
          });
          const data = result.data.map(withoutSecret);
          session.print(
            { data, pagination: result.pagination },
            () =>
              `${formatSubscriptions(result.data)}\n${pageFooter(result.pagination, "subscriptions")}`,
          );
          return;
        }
        const all: WebhookSubscription[] = [];
        const pageSize = options.pageSize ?? 100;
        for (let page = 1; ; page++) {
          const result = await client.listWebhookSubscriptions({ page, pageSize });
          all.push(...result.data);
          if (result.data.length === 0 || page >= result.pagination.totalPages) break;
        }
        session.print({ data: all.map(withoutSecret), pagination: null }, () =>
          formatSubscriptions(all),
        );
      }),
    );
  withExamples(list, [
    "content-review webhooks list",
    "content-review webhooks list --json | jq -r '.data[].id'",
  ]);

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
  withExamples(get, [`content-review webhooks get ${ID}`]);

  const update = webhooks
    .command("update")
    .description("Change a subscription's URL (the secret is kept) or turn it on or off")
    .argument("<subscription-id>", "the subscription", parseUuid)
    .option("--url <url>", "new HTTPS endpoint; the signing secret stays the same")
    .addOption(new Option("--enable", "deliver events again").conflicts("disable"))
    .addOption(new Option("--disable", "stop delivering events"))
    .action(
      (id: string, options: { url?: string; enable?: boolean; disable?: boolean }, cmd: Command) =>
        ctx.run(cmd, async (session) => {
          const body = {
            ...(options.url ? { endpointUrl: options.url } : {}),
            ...(options.enable ? { enabled: true } : {}),
            ...(options.disable ? { enabled: false } : {}),
          };
          if (Object.keys(body).length === 0) {
            throw new CliUsageError(
              "webhooks update has nothing to change: pass --url URL, --enable or --disable.",
              { input: "--url" },
            );
          }
          const updated = await session.client().updateWebhookSubscription(id, body);
          session.print(withoutSecret(updated), () => formatSubscription(updated, session.style));
        }),
    );
  withExamples(update, [
    `content-review webhooks update ${ID} --disable`,
    `content-review webhooks update ${ID} --url https://relay2.example.com/webhooks/content-review --enable`,
  ]);

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
  withExamples(remove, [`content-review webhooks delete ${ID}`]);

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
