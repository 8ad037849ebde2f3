import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openPostgresJournal, openSqliteJournal } from "../../relay/journal/index.ts";
import { type RelayProcess, spawnRelay } from "../../test/relay/helpers/relay-process.ts";

// The relay's /metrics and /readyz on a journal of 1,000,000 entries, against the same routes
// on an empty journal (the baseline, measured in the same run), and the statistics query the
// relay ran before its gauges were kept as the work happens (a scan of the whole table).
// Not a test: it asserts nothing.
//   npm run bench:relay-metrics [-- --rows 1000000 --requests 300]

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const ROWS = arg("rows", 1_000_000);
const REQUESTS = arg("requests", 300);
const WARMUP = 30;
const SCANS = 15;
const GOAL_MS = 20;
const POSTGRES_URL = process.env["TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";
const here = fileURLToPath(new URL(".", import.meta.url));
const RETRY = { maxAttempts: 3, baseMs: 1000, maxMs: 5000 };
const ENV = {
  WEBHOOK_SECRETS: "whsec_YmVuY2htYXJrLXNlY3JldC1mb3ItdGhlLXJlbGF5LTAwMA==",
  RELAY_TOKEN: "bench-relay-token-0123456789",
  LOG_LEVEL: "error",
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

/** Times `count` sequential GETs of `path` (after a warm-up), in ms. */
async function timeRoute(url: string, path: string, count: number): Promise<number[]> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(`${url}${path}`);
    await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < WARMUP; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) times.push(await once());
  return times;
}

/** Times a function `count` times, in ms. */
async function timeCall(count: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

interface Row {
  readonly store: string;
  readonly metrics: number[];
  readonly readyz: number[];
  readonly emptyMetrics: number[];
  readonly scan: number[];
  readonly depth: string;
}

async function measureRelay(env: Record<string, string>, queueDepthOf: (text: string) => string) {
  const relay: RelayProcess = await spawnRelay({ ...ENV, ...env }, 120_000);
  try {
    const metrics = await timeRoute(relay.url, "/metrics", REQUESTS);
    const readyz = await timeRoute(relay.url, "/readyz", REQUESTS);
    const depth = queueDepthOf(await (await fetch(`${relay.url}/metrics`)).text());
    return { metrics, readyz, depth };
  } finally {
    relay.child.kill("SIGTERM");
    await relay.exited;
  }
}

const gaugeLines = (text: string) =>
  text
    .split("\n")
    .filter((l) => /^relay_(queue_depth|dead_letter_events) /.test(l))
    .join(", ");

async function sqliteRow(dir: string): Promise<Row> {
  const full = join(dir, "full.db");
  const empty = join(dir, "empty.db");
  // The schema (with its gauges' triggers), then a million finished entries in one transaction.
  await openSqliteJournal({ path: full, retry: RETRY }).close(0);
  await openSqliteJournal({ path: empty, retry: RETRY }).close(0);
  const db = new DatabaseSync(full);
  const started = performance.now();
  db.exec("BEGIN");
  const insert = db.prepare(
    "INSERT INTO events (id, submission_id, payload, state, attempts, received_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)",
  );
  const now = Date.now();
  for (let i = 0; i < ROWS; i += 1) {
    const submissionId = `sub-${i % 100_000}`;
    const payload = `{"kind":"asset.processing.completed","submissionId":"${submissionId}","assetId":"a-${i}","workspaceId":null,"status":"complete","errorMessage":null,"issueCount":0,"occurredAt":null}`;
    insert.run(`msg_${i}`, submissionId, payload, i % 100 === 0 ? "dead" : "done", now, now);
  }
  db.exec("COMMIT");
  console.log(`sqlite: ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // What each scrape cost before: the statistics query over the whole table.
  const scan = await timeCall(SCANS, () =>
    db
      .prepare(
        "SELECT SUM(state IN ('pending','processing')) AS depth, SUM(state = 'dead') AS dead FROM events",
      )
      .get(),
  );
  db.close();
  const measured = await measureRelay({ STORE_URL: `sqlite:${full}` }, gaugeLines);
  const baseline = await measureRelay({ STORE_URL: `sqlite:${empty}` }, gaugeLines);
  return {
    store: "SQLite",
    ...measured,
    emptyMetrics: baseline.metrics,
    scan,
  };
}

async function postgresRow(): Promise<Row | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    console.log(`postgres: none answers at ${POSTGRES_URL}; skipped`);
    return null;
  }
  const full = `bench_relay_metrics_${process.pid}`;
  const empty = `bench_relay_metrics_empty_${process.pid}`;
  try {
    for (const schema of [full, empty]) {
      await (
        await openPostgresJournal({ connectionString: POSTGRES_URL, schema, retry: RETRY })
      ).close(0);
    }
    const started = performance.now();
    await client.query(
      `INSERT INTO "${full}".events (id, submission_id, payload, state, attempts)
       SELECT 'msg_' || g, 'sub-' || (g % 100000),
              jsonb_build_object('kind', 'asset.processing.completed', 'assetId', 'a-' || g),
              CASE WHEN g % 100 = 0 THEN 'dead' ELSE 'done' END, 1
       FROM generate_series(1, $1::int) g`,
      [ROWS],
    );
    await client.query(`VACUUM ANALYZE "${full}".events`);
    console.log(`postgres: ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const scan = await timeCall(SCANS, () =>
      client.query(
        `SELECT count(*) FILTER (WHERE state IN ('pending', 'processing')) AS depth,
                count(*) FILTER (WHERE state = 'dead') AS dead FROM "${full}".events`,
      ),
    );
    const measured = await measureRelay(
      { STORE_URL: POSTGRES_URL, STORE_SCHEMA: full },
      gaugeLines,
    );
    const baseline = await measureRelay(
      { STORE_URL: POSTGRES_URL, STORE_SCHEMA: empty },
      gaugeLines,
    );
    return { store: "Postgres", ...measured, emptyMetrics: baseline.metrics, scan };
  } finally {
    for (const schema of [full, empty]) {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS "${schema}_boss" CASCADE`);
    }
    await client.end();
  }
}

const dir = mkdtempSync(join(tmpdir(), "bench-relay-metrics-"));
let rows: Row[];
try {
  const sqlite = await sqliteRow(dir);
  const postgres = await postgresRow();
  rows = postgres === null ? [sqlite] : [sqlite, postgres];
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const table = rows.map((r) => {
  const m = median(r.metrics);
  return `| ${r.store} | ${ms(m)} | ${ms(percentile(r.metrics, 99))} | ${ms(median(r.readyz))} | ${ms(median(r.emptyMetrics))} | ${(m / median(r.emptyMetrics)).toFixed(2)}x | ${ms(median(r.scan))} | ${m < GOAL_MS ? "met" : "NOT met"} |`;
});
const report = `# Relay /metrics benchmark

Generated by \`npm run bench:relay-metrics\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} CPU(s). A journal of ${ROWS.toLocaleString("en-US")} entries (99% done, 1% dead-lettered), the relay running on it as its own process (\`relay/bin.ts\`), ${REQUESTS} sequential \`GET /metrics\` and \`GET /readyz\` after ${WARMUP} warm-up requests, timed at the client (the whole HTTP round trip on loopback). Baseline in the same run: \`/metrics\` of the same relay on an empty journal.

- The gauges (\`relay_queue_depth\`, \`relay_dead_letter_events\`) are kept by triggers in the transaction of every change of an entry's state; \`/metrics\` reads ${rows.length > 1 ? "two rows (SQLite) or a few dozen shard rows (Postgres)" : "two rows"}, never the table.
- "Full scan" is the statistics query the relay ran on every scrape before (a count over the whole table), timed directly on the same journal (median of ${SCANS}); on SQLite it ran on the event loop, blocking every request meanwhile.
- Gauges read at the end: ${rows.map((r) => `${r.store}: ${r.depth}`).join("; ")}.

| Journal | /metrics median (ms) | /metrics p99 (ms) | /readyz median (ms) | /metrics, empty journal (ms) | Ratio to empty | Full scan before (ms) | Goal: median < ${GOAL_MS} ms |
|---|---|---|---|---|---|---|---|
${table.join("\n")}
`;
writeFileSync(join(here, "RESULTS.md"), report);
console.log(report);
