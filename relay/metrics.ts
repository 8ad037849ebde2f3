/** The relay's counters, rendered by hand in the Prometheus text format (version 0.0.4). */
export interface RelayMetrics {
  received(): void;
  accepted(): void;
  duplicate(): void;
  /** A verified delivery of an event type the relay does not relay. */
  ignored(): void;
  rejected(reason: string): void;
  relayed(): void;
  retried(): void;
  deadLettered(): void;
  /** Entries deleted by retention. */
  pruned(entries: number): void;
  /** A verdict made by reconciliation (issue #25), by outcome. */
  reconciled(outcome: string): void;
  /** Whether a webhook subscription reaches the relay (`RELAY_PUBLIC_URL`'s check). */
  subscriptionOk(ok: boolean): void;
  /** Renders every counter plus the gauges read from the journal. */
  render(gauges: { queueDepth: number; deadLettered: number }): string;
}

interface Counter {
  readonly name: string;
  readonly help: string;
  readonly values: Map<string, number>;
}

function counter(name: string, help: string): Counter {
  return { name, help, values: new Map() };
}

function add(c: Counter, labels = "", n = 1): void {
  c.values.set(labels, (c.values.get(labels) ?? 0) + n);
}

/** The relay's counters, as data: name and help of each. */
const COUNTERS = {
  received: ["relay_webhooks_received_total", "Webhook deliveries received."],
  accepted: ["relay_webhooks_accepted_total", "Deliveries journaled as new events."],
  duplicates: ["relay_webhooks_duplicates_total", "Deliveries of an already seen webhook-id."],
  ignored: [
    "relay_webhooks_ignored_total",
    "Verified deliveries of an event type the relay does not relay (answered 200, never relayed).",
  ],
  rejected: ["relay_webhooks_rejected_total", "Deliveries refused, by reason."],
  relayed: ["relay_events_relayed_total", "Events relayed to every target."],
  retries: ["relay_event_retries_total", "Failed relay attempts that will be retried."],
  dead: ["relay_events_dead_lettered_total", "Events dead-lettered by this process."],
  pruned: ["relay_journal_pruned_total", "Finished entries deleted by retention (RETENTION_DAYS)."],
  reconciled: [
    "relay_reconciled_total",
    "Verdicts set by reconciliation because webhooks never came, by outcome.",
  ],
} as const satisfies Record<string, readonly [string, string]>;

/** Counters rendered with a 0 before their first count (the labelled ones have no unlabelled line). */
const LABELLED: ReadonlySet<keyof typeof COUNTERS> = new Set(["rejected", "reconciled"]);

/** The Prometheus text of the counters and the gauges. */
function renderMetrics(
  all: readonly Counter[],
  gauges: { queueDepth: number; deadLettered: number },
  subscriptionOk: boolean | null,
): string {
  const lines: string[] = [];
  for (const c of all) {
    lines.push(`# HELP ${c.name} ${c.help}`, `# TYPE ${c.name} counter`);
    for (const [labels, value] of c.values) lines.push(`${c.name}${labels} ${value}`);
  }
  lines.push(
    "# HELP relay_queue_depth Journaled events waiting or being relayed.",
    "# TYPE relay_queue_depth gauge",
    `relay_queue_depth ${gauges.queueDepth}`,
    "# HELP relay_dead_letter_events Events in the dead-letter state.",
    "# TYPE relay_dead_letter_events gauge",
    `relay_dead_letter_events ${gauges.deadLettered}`,
  );
  if (subscriptionOk !== null) {
    lines.push(
      "# HELP relay_subscription_ok 1 when an enabled webhook subscription reaches RELAY_PUBLIC_URL for both event types.",
      "# TYPE relay_subscription_ok gauge",
      `relay_subscription_ok ${subscriptionOk ? 1 : 0}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const label = (key: string, value: string) => `{${key}="${value.replace(/[^a-z0-9_-]/gi, "_")}"}`;

export function createRelayMetrics(): RelayMetrics {
  const c = Object.fromEntries(
    Object.entries(COUNTERS).map(([key, [name, help]]) => [key, counter(name, help)]),
  ) as Record<keyof typeof COUNTERS, Counter>;
  const all = Object.values(c);
  for (const [key, each] of Object.entries(c))
    if (!LABELLED.has(key as keyof typeof COUNTERS)) each.values.set("", 0);
  // Unknown until the first check (RELAY_PUBLIC_URL set), then 1 or 0.
  let subscriptionOk: boolean | null = null;
  return {
    received: () => add(c.received),
    accepted: () => add(c.accepted),
    duplicate: () => add(c.duplicates),
    ignored: () => add(c.ignored),
    rejected: (reason) => add(c.rejected, label("reason", reason)),
    relayed: () => add(c.relayed),
    retried: () => add(c.retries),
    deadLettered: () => add(c.dead),
    pruned: (entries) => add(c.pruned, "", entries),
    reconciled: (outcome) => add(c.reconciled, label("outcome", outcome)),
    subscriptionOk: (ok) => {
      subscriptionOk = ok;
    },
    render: (gauges) => renderMetrics(all, gauges, subscriptionOk),
  };
}
