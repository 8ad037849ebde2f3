import type { WebhookSubscription } from "../../../api/index.ts";

/** A subscription without its secret: the secret is shown only where the user asked for it. */
export function withoutSecret(
  subscription: WebhookSubscription,
): Omit<WebhookSubscription, "secret"> {
  const { secret: _secret, ...rest } = subscription;
  return rest;
}

/** The line under a page of results. */
export function pageFooter(
  p: { page: number; totalPages: number; total: number },
  what: string,
): string {
  return `Page ${p.page} of ${Math.max(p.totalPages, 1)} (${p.total} ${what} in all)\n`;
}
