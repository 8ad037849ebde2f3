import { CliUsageError } from "../../cli-usage-error.ts";

/** The options `webhooks update` takes. */
export interface WebhookUpdateOptions {
  readonly url?: string | undefined;
  readonly enable?: boolean | undefined;
  readonly disable?: boolean | undefined;
}

/** The body `webhooks update` sends, decided from its options; nothing to change is refused. */
export function planWebhookUpdate(options: WebhookUpdateOptions): {
  endpointUrl?: string;
  enabled?: boolean;
} {
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
  return body;
}
