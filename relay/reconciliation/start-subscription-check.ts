import { describeError } from "../../src/shared/describe-error.ts";
import type { Logger } from "../logger.ts";
import type { RelayMetrics } from "../metrics.ts";
import type { ServiceReader } from "./service-reader.ts";
import { relayWebhookUrl, subscriptionProblem } from "./subscription-problem.ts";

export interface SubscriptionCheckOptions {
  readonly service: ServiceReader;
  /** `RELAY_PUBLIC_URL`. */
  readonly publicUrl: string;
  readonly logger: Logger;
  readonly metrics: Pick<RelayMetrics, "subscriptionOk">;
  /** @default 3600000 (every hour) */
  readonly intervalMs?: number;
}

export interface SubscriptionCheck {
  /** Checks now; resolves with the problem found, null when fine, undefined when unreadable. */
  check(): Promise<string | null | undefined>;
  stop(): void;
}

/**
 * On start and every hour: lists the workspace's webhook subscriptions and says, in the log and
 * in `relay_subscription_ok`, whether one that is enabled reaches this relay with both event
 * types. The log speaks once per change; readiness is not affected (the relay still receives
 * what does come, and reconciliation covers what does not).
 */
export function startSubscriptionCheck(options: SubscriptionCheckOptions): SubscriptionCheck {
  const stopping = new AbortController();
  let last: string | null | undefined;
  async function check(): Promise<string | null | undefined> {
    let problem: string | null;
    try {
      problem = subscriptionProblem(
        await options.service.listSubscriptions(stopping.signal),
        options.publicUrl,
      );
    } catch (error) {
      if (!stopping.signal.aborted) {
        options.logger.warn("could not list the webhook subscriptions; checked again later", {
          error: describeError(error),
        });
      }
      return undefined;
    }
    options.metrics.subscriptionOk(problem === null);
    if (problem !== last) {
      if (problem === null) {
        options.logger.info("a webhook subscription reaches this relay", {
          url: relayWebhookUrl(options.publicUrl),
        });
      } else {
        options.logger.warn("webhooks do not reach this relay; reconciliation fills in", {
          problem,
        });
      }
    }
    last = problem;
    return problem;
  }
  void check();
  const timer = setInterval(() => void check(), options.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    check,
    stop() {
      clearInterval(timer);
      stopping.abort(new Error("The relay is shutting down"));
    },
  };
}
