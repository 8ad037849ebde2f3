import { access } from "node:fs/promises";
import { resolve } from "node:path";
import { type Command, Option } from "commander";
import type { WebhookSubscription } from "../../../api/index.ts";
import { CliUsageError } from "../../cli-usage-error.ts";
import { type CommandContext, withExamples } from "../../command-context.ts";
import type { Session } from "../../create-session.ts";
import { collectChoices } from "../../option-parsers.ts";
import { formatSubscription } from "../../views/format-webhooks.ts";
import { checkOutputFile, writeOutputFile } from "../../write-output-file.ts";
import { EVENT_TYPES } from "./event-types.ts";
import { planWebhookCreate, type WebhookCreateOptions } from "./plan-webhook-create.ts";
import { withoutSecret } from "./without-secret.ts";

/** Refuses a secret file that exists or cannot be written, before anything is created. */
async function checkSecretFile(cwd: string, secretFile: string): Promise<void> {
  const exists = await access(resolve(cwd, secretFile)).then(
    () => true,
    () => false,
  );
  if (exists) {
    throw new CliUsageError(
      `Cannot write ${secretFile}: it already exists, and nothing was created. It probably holds the secret of a subscription an earlier run created, which still exists: to keep that one, skip this step and use its id (content-review webhooks list); to start over, delete it (content-review webhooks delete ID) and remove ${secretFile} first. Removing the file alone would leave that subscription without its secret.`,
      { input: "--secret-file" },
    );
  }
  // The secret is shown only once: make sure it can be kept before asking for it.
  await checkOutputFile(cwd, secretFile, {
    input: "--secret-file",
    consequence: "Nothing was created.",
  });
}

/** Writes the new subscription's secret to its private file, saying what to do if it cannot. */
async function keepSecret(cwd: string, secretFile: string, created: WebhookSubscription) {
  try {
    await writeOutputFile(cwd, secretFile, `${created.secret ?? ""}\n`, {
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
}

async function createSubscription(
  ctx: CommandContext,
  session: Session,
  options: WebhookCreateOptions,
): Promise<void> {
  const plan = planWebhookCreate(options);
  if (plan.secretFile !== null) await checkSecretFile(ctx.io.cwd, plan.secretFile);
  const created = await session.client().createWebhookSubscription(plan.body);
  if (plan.secretFile !== null) await keepSecret(ctx.io.cwd, plan.secretFile, created);
  const secret = created.secret ?? "";
  const data = {
    ...withoutSecret(created),
    secretFile: plan.secretFile,
    ...(plan.showSecret ? { secret } : {}),
  };
  const note = plan.showSecret
    ? secret
    : `written to ${plan.secretFile} (keep it private; give it to the receiver, e.g. the relay's WEBHOOK_SECRETS)`;
  session.print(data, () => formatSubscription(created, session.style, note));
}

/** `webhooks create` (part 4.11): the secret is kept in a new private file or printed, once. */
export function registerWebhooksCreate(webhooks: Command, ctx: CommandContext): void {
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
    .action((options: WebhookCreateOptions, cmd: Command) =>
      ctx.run(cmd, (session) => createSubscription(ctx, session, options)),
    );
  withExamples(create, [
    "content-review webhooks create --url https://relay.example.com/webhooks/content-review --secret-file relay-secret.txt",
    "content-review webhooks create --url https://hooks.example.com/cr --event asset.processing.failed --description 'failures only' --show-secret --json",
  ]);
}
