import type { WebhookEventType } from "../../../api/index.ts";
import { CliUsageError } from "../../cli-usage-error.ts";
import { EVENT_TYPES } from "./event-types.ts";

/** The options `webhooks create` takes. */
export interface WebhookCreateOptions {
  readonly url: string;
  readonly event?: WebhookEventType[] | undefined;
  readonly description: string;
  readonly secretFile?: string | undefined;
  readonly showSecret?: boolean | undefined;
}

/** What `webhooks create` will do: the body to send and where the secret goes. */
export interface WebhookCreatePlan {
  readonly body: {
    readonly endpointUrl: string;
    readonly eventTypes: WebhookEventType[];
    readonly description: string;
  };
  /** The new file the secret is written to, or null when it is only printed. */
  readonly secretFile: string | null;
  readonly showSecret: boolean;
}

/**
 * Decides `webhooks create` from its options alone. The secret is returned only once, so a run
 * that could not keep it is refused before anything is created.
 */
export function planWebhookCreate(options: WebhookCreateOptions): WebhookCreatePlan {
  if (!options.secretFile && !options.showSecret) {
    throw new CliUsageError(
      "The signing secret is returned only once, at creation: pass --secret-file FILE to keep it in a private file (recommended), or --show-secret to print it.",
      { input: "--secret-file" },
    );
  }
  return {
    body: {
      endpointUrl: options.url,
      eventTypes: options.event?.length ? [...new Set(options.event)] : [...EVENT_TYPES],
      description: options.description,
    },
    secretFile: options.secretFile ?? null,
    showSecret: options.showSecret === true,
  };
}
