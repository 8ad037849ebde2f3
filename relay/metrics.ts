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

export function createRelayMetrics(): RelayMetrics {
  const received = counter("relay_webhooks_received_total", "Webhook deliveries received.");
  const accepted = counter("relay_webhooks_accepted_total", "Deliveries journaled as new events.");
  const duplicates = counter(
    "relay_webhooks_duplicates_total",
    "Deliveries of an already seen webhook-id.",
  );
  const ignored = counter(
    "relay_webhooks_ignored_total",
    "Verified deliveries of an event type the relay does not relay (answered 200, never relayed).",
  );
  const rejected = counter("relay_webhooks_rejected_total", "Deliveries refused, by reason.");
  const relayed = counter("relay_events_relayed_total", "Events relayed to every target.");
  const retries = counter(
    "relay_event_retries_total",
    "Failed relay attempts that will be retried.",
  );
  const dead = counter("relay_events_dead_lettered_total", "Events dead-lettered by this process.");
  const pruned = counter(
    "relay_journal_pruned_total",
    "Finished entries deleted by retention (RETENTION_DAYS).",
  );
  const reconciled = counter(
    "relay_reconciled_total",
    "Verdicts set by reconciliation because webhooks never came, by outcome.",
  );
  const all = [
    received,
    accepted,
    duplicates,
    ignored,
    rejected,
    relayed,
    retries,
    dead,
    pruned,
    reconciled,
  ];
  for (const c of all) if (c !== rejected && c !== reconciled) c.values.set("", 0);
  // Unknown until the first check (RELAY_PUBLIC_URL set), then 1 or 0.
  let subscriptionOk: boolean | null = null;

  return {
    received: () => add(received),
    accepted: () => add(accepted),
    duplicate: () => add(duplicates),
    ignored: () => add(ignored),
    rejected: (reason) => add(rejected, `{reason="${reason.replace(/[^a-z0-9_-]/gi, "_")}"}`),
    relayed: () => add(relayed),
    retried: () => add(retries),
    deadLettered: () => add(dead),
    pruned: (entries) => add(pruned, "", entries),
    reconciled: (outcome) =>
      add(reconciled, `{outcome="${outcome.replace(/[^a-z0-9_-]/gi, "_")}"}`),
    subscriptionOk: (ok) => {
      subscriptionOk = ok;
    },
    render(gauges) {
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
    },
  };
}
