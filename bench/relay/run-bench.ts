import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { openSqliteJournal } from "../../relay/journal/index.ts";
import { parseDelivery } from "../../relay/relay-event.ts";
import { inTurn } from "../in-turn.ts";
import { median } from "../median.ts";
import {
  type BenchProcess,
  loadAverage,
  relayGauges,
  startProcess,
  stopProcess,
} from "./bench-process.ts";
import { isSustained, nextRate, type ProbeRecord } from "./judge-probe.ts";
import { renderRelayResults } from "./render-results.ts";
import { bodyFor, poolRequests, type Shape, signedPool } from "./signed-pool.ts";

// The relay benchmark (issues 5 and 35), an experiment rather than a race: every target and
// every round gets a fresh process (and the relay a fresh journal), killed and waited for
// before the next, so no round inherits a backlog; requests are signed before the clock starts;
// the bare server's ceiling and the @octokit/webhooks peer are measured in the same run.
// Not a test: it asserts nothing.
//   npm run bench:relay [-- --rounds 3 --seconds 4 --probe-seconds 30 --probes 3 --tracing-rounds 9]
// One shape's sustained probes alone, at fixed rates, on one or more relays in turn (to compare
// a change with the code before it in the same run); prints them, writes no RESULTS.md:
//   node bench/relay/run-bench.ts --only sustained-one --rates 1456,2912 [--relays a/bin.ts,b/bin.ts]

const args = process.argv.slice(2);
const text = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const arg = (name: string, fallback: number) => Number(text(name) ?? fallback);
export const SETTINGS = Object.freeze({
  rounds: arg("rounds", 3),
  seconds: arg("seconds", 4),
  warmupSeconds: arg("warmup", 1),
  connections: arg("connections", 32),
  probeSeconds: arg("probe-seconds", 30),
  probes: arg("probes", 3),
  tracingRounds: arg("tracing-rounds", 9),
  tracingSeconds: arg("tracing-seconds", 3),
  drainEvents: arg("drain-events", 3000),
  drainRounds: arg("drain-rounds", 3),
  pacedRate: 500,
  pacedSeconds: arg("paced-seconds", 10),
});

const SECRET = "whsec_YmVuY2htYXJrLXNlY3JldC1mb3ItdGhlLXJlbGF5LTAwMA==";
const here = fileURLToPath(new URL(".", import.meta.url));
const relayBin = join(here, "..", "..", "relay", "bin.ts");
const peerBin = join(here, "peer-server.ts");
const dir = mkdtempSync(join(tmpdir(), "relay-bench-"));
let journals = 0;
let pools = 0;

const relayEnv = (scheme: string, store: string) => ({
  WEBHOOK_SECRETS: SECRET,
  RELAY_TOKEN: "bench-relay-token-0123456789",
  SIGNATURE_SCHEME: scheme,
  STORE_URL: store,
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: "error",
});

/** A fresh relay on a fresh SQLite journal. */
function relay(
  scheme: string,
  extra: Record<string, string> = {},
  bin = relayBin,
): () => Promise<BenchProcess> {
  return () => {
    journals += 1;
    const store = `sqlite:${join(dir, `journal-${journals}.db`)}`;
    return startProcess(bin, { ...relayEnv(scheme, store), ...extra });
  };
}
const bare = () => startProcess(peerBin, {}, ["bare"]);
const peer = () => startProcess(peerBin, { WEBHOOK_SECRETS: SECRET }, ["octokit"]);

export interface IntakeRound {
  readonly rps: number;
  readonly p99: number;
  readonly bad: number;
  readonly load: number;
}

/** One round on a fresh process: a warm-up, then `seconds` of load from a pre-signed pool. */
async function intakeRound(start: () => Promise<BenchProcess>, seconds: number) {
  const load = await loadAverage();
  const server = await start();
  try {
    pools += 1;
    const pool = poolRequests(signedPool(SECRET, 60_000, "many-submissions", `r${pools}`));
    const options = { url: server.url, connections: SETTINGS.connections, ...pool };
    await autocannon({ ...options, duration: SETTINGS.warmupSeconds });
    const before = pool.used();
    const result = await autocannon({ ...options, duration: seconds });
    // A pool sent round would have brought duplicates: the round would not count.
    const wrapped = pool.used() > 60_000;
    const rps = result["2xx"] / seconds;
    const bad = result.non2xx + result.errors + result.timeouts + (wrapped ? 1 : 0);
    process.stdout.write(`  ${rps.toFixed(0)} acknowledged/s (${pool.used() - before} sent)\n`);
    return { rps, p99: result.latency.p99, bad, load };
  } finally {
    await stopProcess(server);
  }
}

/** `rounds` rounds of each target, taken in turn (reversed every other round). */
async function intake(
  targets: readonly { name: string; start: () => Promise<BenchProcess> }[],
  rounds: number,
  seconds: number,
): Promise<Map<string, IntakeRound[]>> {
  const results = new Map(targets.map((t) => [t.name, [] as IntakeRound[]]));
  for (let round = 0; round < rounds; round += 1) {
    for (const target of inTurn(round, targets)) {
      process.stdout.write(`intake: ${target.name}, round ${round + 1}/${rounds}\n`);
      results.get(target.name)?.push(await intakeRound(target.start, seconds));
    }
  }
  return results;
}

/** One probe: a fresh relay offered `rate` a second for the probe's length. */
async function probe(
  shape: Shape,
  rate: number,
  bin = relayBin,
): Promise<ProbeRecord & { load: number }> {
  const load = await loadAverage();
  const server = await relay("standard-webhooks", {}, bin)();
  try {
    pools += 1;
    const pool = signedPool(
      SECRET,
      Math.ceil(rate * SETTINGS.probeSeconds * 1.1),
      shape,
      `p${pools}`,
    );
    const result = await autocannon({
      url: server.url,
      connections: 64,
      overallRate: rate,
      duration: SETTINGS.probeSeconds,
      ...poolRequests(pool),
    });
    const { backlog, relayed } = await relayGauges(server.url);
    const record = {
      rate,
      seconds: SETTINGS.probeSeconds,
      acknowledged: result["2xx"],
      finalBacklog: backlog,
    };
    const verdict = isSustained(record) ? "sustained" : "not sustained";
    process.stdout.write(
      `  ${shape} at ${rate}/s: ${record.acknowledged} acknowledged, ${relayed} relayed, backlog ${backlog}: ${verdict} (load ${load.toFixed(1)})\n`,
    );
    return { ...record, load };
  } finally {
    await stopProcess(server);
  }
}

export interface Sustained {
  readonly lo: number;
  readonly hi: number;
  readonly probes: readonly (ProbeRecord & { load: number })[];
}

/** Bisects the offered rate between 0 (sustained) and the relay's intake (its ceiling). */
async function sustained(shape: Shape, ceiling: number): Promise<Sustained> {
  let lo = 0;
  let hi = Math.round(ceiling);
  const probes: (ProbeRecord & { load: number })[] = [];
  for (;;) {
    const rate = nextRate(lo, hi, SETTINGS.probes - probes.length, ceiling / 50);
    if (rate === null) return { lo, hi, probes };
    const record = await probe(shape, rate);
    probes.push(record);
    if (isSustained(record)) lo = rate;
    else hi = rate;
  }
}

export interface Drain {
  readonly relayedPerSecond: number;
  readonly totalSeconds: number;
  readonly load: number;
}

/**
 * Events of one submission relayed a second by the worker alone: `drainEvents` events of one
 * submission are journaled first (through the journal's own `ingest`, in this process), then a
 * fresh relay opens that journal and is timed from listening until it has relayed them all.
 */
async function drain(): Promise<Drain> {
  const load = await loadAverage();
  journals += 1;
  const path = join(dir, `journal-${journals}.db`);
  const journal = openSqliteJournal({
    path,
    retry: { maxAttempts: 5, baseMs: 1000, maxMs: 60_000 },
  });
  const occurredAt = new Date().toISOString();
  await Promise.all(
    Array.from({ length: SETTINGS.drainEvents }, (_, n) => {
      const event = parseDelivery(JSON.parse(bodyFor(n, "one-submission", occurredAt)));
      if (event.kind !== "event") throw new Error("The benchmark's event does not parse");
      return journal.ingest(`msg_drain_${journals}_${n}`, event.event);
    }),
  );
  await journal.close(0);
  const started = performance.now();
  const server = await startProcess(relayBin, relayEnv("standard-webhooks", `sqlite:${path}`));
  try {
    const listening = performance.now();
    while ((await relayGauges(server.url)).relayed < SETTINGS.drainEvents) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - listening) / 1000;
    const rate = SETTINGS.drainEvents / seconds;
    process.stdout.write(`  drain: ${rate.toFixed(0)} events/s of one submission\n`);
    return { relayedPerSecond: rate, totalSeconds: (performance.now() - started) / 1000, load };
  } finally {
    await stopProcess(server);
  }
}

/** Latency at a fixed rate on a fresh process, after a warm-up at the same rate. */
async function paced(start: () => Promise<BenchProcess>) {
  const load = await loadAverage();
  const server = await start();
  try {
    pools += 1;
    const count = SETTINGS.pacedRate * (SETTINGS.pacedSeconds + 3);
    const options = {
      url: server.url,
      connections: 8,
      overallRate: SETTINGS.pacedRate,
      ...poolRequests(signedPool(SECRET, count, "many-submissions", `l${pools}`)),
    };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: SETTINGS.pacedSeconds });
    return { p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, load };
  } finally {
    await stopProcess(server);
  }
}

/** `--only sustained-one|sustained-many`: each of `--rates` probed on each of `--relays`, in turn. */
async function probesOnly(only: string): Promise<void> {
  const shape: Shape = only === "sustained-many" ? "many-submissions" : "one-submission";
  const rates = (text("rates") ?? "728,1456,2912").split(",").map(Number);
  const bins = (text("relays") ?? relayBin).split(",");
  process.stdout.write(`${shape}, load ${(await loadAverage()).toFixed(2)} at the start\n`);
  for (const [round, rate] of rates.entries()) {
    for (const bin of inTurn(round, bins)) {
      process.stdout.write(`${bin}\n`);
      await probe(shape, rate, bin);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const started = performance.now();
  const startLoad = await loadAverage();
  const collector = await bare();
  const intakeRounds = await intake(
    [
      { name: "bare", start: bare },
      { name: "peer", start: peer },
      { name: "relay-github", start: relay("github") },
      { name: "relay-standard", start: relay("standard-webhooks") },
    ],
    SETTINGS.rounds,
    SETTINGS.seconds,
  );
  const tracing = await intake(
    [
      { name: "off", start: relay("standard-webhooks") },
      {
        name: "on",
        start: relay("standard-webhooks", { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }),
      },
    ],
    SETTINGS.tracingRounds,
    SETTINGS.tracingSeconds,
  );
  await stopProcess(collector);
  const drains: Drain[] = [];
  for (let round = 0; round < SETTINGS.drainRounds; round += 1) drains.push(await drain());
  const ceiling = median((intakeRounds.get("relay-standard") ?? []).map((r) => r.rps));
  process.stdout.write(`sustained, one submission (ceiling ${ceiling.toFixed(0)}/s)\n`);
  const one = await sustained("one-submission", ceiling);
  process.stdout.write("sustained, many submissions\n");
  const many = await sustained("many-submissions", ceiling);
  const latency = { bare: await paced(bare), relay: await paced(relay("standard-webhooks")) };
  rmSync(dir, { recursive: true, force: true });
  const report = renderRelayResults({
    settings: SETTINGS,
    startLoad,
    minutes: (performance.now() - started) / 60_000,
    intake: intakeRounds,
    tracing,
    drains,
    sustained: { one, many },
    latency,
  });
  writeFileSync(join(here, "RESULTS.md"), report);
  process.stdout.write(`\n${report}`);
}

const only = text("only");
if (only === undefined) await main();
else await probesOnly(only);
