import { type ChildProcess, spawn } from "node:child_process";
import { createHmac, createSecretKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  signGithubWebhook,
  signStandardWebhook,
  standardWebhookKey,
} from "../../src/webhooks/index.ts";

// The relay benchmark (issue 5): the webhook route under signed load, against a bare
// node:http server answering 200 (the limit) and @octokit/webhooks' middleware verifying
// the same payloads (the peer), in one run, and the relay with tracing on (issue 25) against
// it with tracing off. Not a test: it asserts nothing.
//   npm run bench:relay [-- --rounds 5 --seconds 5 --connections 32]

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const ROUNDS = arg("rounds", 5);
const SECONDS = arg("seconds", 5);
const WARMUP_SECONDS = arg("warmup", 2);
const CONNECTIONS = arg("connections", 32);
const RATE = 500;
const RATE_SECONDS = arg("rate-seconds", 10);
// Only the relay with tracing off and on (standard-webhooks), written as a section of its own.
const TRACING_ONLY = args.includes("--tracing-only");

const SECRET = "whsec_YmVuY2htYXJrLXNlY3JldC1mb3ItdGhlLXJlbGF5LTAwMA==";
const RELAY_TOKEN = "bench-relay-token-0123456789";
const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..", "..");
// One body per request (its asset id numbered): the github scheme dedupes on the body, which is
// all it signs, so a body sent twice would be a duplicate rather than a new event.
const TIMESTAMP = new Date().toISOString();
const bodyFor = (n: number) =>
  JSON.stringify({
    type: "asset.processing.completed",
    timestamp: TIMESTAMP,
    data: {
      asset_id: `3f2b8c1e-0000-4000-8000-${String(n).padStart(12, "0")}`,
      submission_id: "3f2b8c1e-0000-4000-8000-000000000002",
      workspace_id: "3f2b8c1e-0000-4000-8000-000000000003",
      status: "complete",
      issue_count: 3,
    },
  });
// The load generator shares the CPUs with the servers: sign with keys prepared once, so that
// signing costs it as little as possible (checked against the library signers below).
const GITHUB_KEY = createSecretKey(Buffer.from(SECRET, "utf8"));
const githubSignature = (body: string) =>
  `sha256=${createHmac("sha256", GITHUB_KEY).update(body).digest("hex")}`;
const STANDARD_KEY = createSecretKey(standardWebhookKey(SECRET));
const standardSignature = (id: string, timestamp: number, body: string) =>
  `v1,${createHmac("sha256", STANDARD_KEY).update(`${id}.${timestamp}.`).update(body).digest("base64")}`;
const CHECK = bodyFor(0);
if (
  standardSignature("msg_check", 1, CHECK) !==
    signStandardWebhook({ secret: SECRET, id: "msg_check", timestamp: 1, body: CHECK }) ||
  githubSignature(CHECK) !== signGithubWebhook({ secret: SECRET, body: CHECK })
) {
  throw new Error("The benchmark's signers disagree with signStandardWebhook or signGithubWebhook");
}

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
}

async function start(script: string, argv: string[], env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [script, ...argv], {
    env: { PATH: process.env["PATH"] ?? "", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { url, child };
}

async function stop(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

let delivery = 0;
/**
 * Every target gets exactly the same kind of requests: a fresh body signed both ways
 * (X-Hub-Signature-256, and webhook-id/webhook-timestamp/webhook-signature), with a fresh
 * delivery id. Each server reads the headers of its own scheme and ignores the others.
 */
function signedRequest() {
  return {
    method: "POST",
    path: "/webhooks/content-review",
    headers: {
      "content-type": "application/json",
      "x-github-event": "ping",
    },
    setupRequest: (req: { headers?: Record<string, string> }) => {
      delivery += 1;
      const id = `msg_bench_${process.pid}_${delivery}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const body = bodyFor(delivery);
      return {
        ...req,
        body,
        headers: {
          ...req.headers,
          "x-hub-signature-256": githubSignature(body),
          "x-github-delivery": id,
          "webhook-id": id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": standardSignature(id, timestamp, body),
        },
      };
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Waits (bounded) until the relay's worker has relayed its backlog; returns the backlog found. */
async function drain(server: Server): Promise<number> {
  const depth = async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    return Number(/^relay_queue_depth (\d+)$/m.exec(text)?.[1] ?? 0);
  };
  const backlog = await depth();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (await depth()) > 0) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return backlog;
}

interface Target {
  readonly name: string;
  readonly scheme: string;
  readonly relay: boolean;
  readonly start: () => Promise<Server>;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "relay-bench-"));
  const relayEnv = (scheme: string, db: string) => ({
    WEBHOOK_SECRETS: SECRET,
    RELAY_TOKEN,
    SIGNATURE_SCHEME: scheme,
    STORE_URL: `sqlite:${join(dir, db)}`,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
  });
  const relayBin = join(root, "relay", "bin.ts");
  const peerBin = join(here, "peer-server.ts");
  // The collector the traced relay exports to (OTLP/HTTP): a server of its own that takes
  // every export (its 200), so that only the relay's own cost of tracing is measured.
  const collector = await start(peerBin, ["bare"], {});
  const allTargets: Target[] = [
    {
      name: "bare node:http (limit)",
      scheme: "none",
      relay: false,
      start: () => start(peerBin, ["bare"], {}),
    },
    {
      name: "@octokit/webhooks middleware (peer)",
      scheme: "github",
      relay: false,
      start: () => start(peerBin, ["octokit"], { WEBHOOK_SECRETS: SECRET }),
    },
    {
      name: "relay, github scheme",
      scheme: "github",
      relay: true,
      start: () => start(relayBin, [], relayEnv("github", "github.db")),
    },
    {
      name: "relay, standard-webhooks (default)",
      scheme: "standard-webhooks",
      relay: true,
      start: () => start(relayBin, [], relayEnv("standard-webhooks", "standard.db")),
    },
    {
      name: "relay, standard-webhooks, tracing on",
      scheme: "standard-webhooks",
      relay: true,
      start: () =>
        start(relayBin, [], {
          ...relayEnv("standard-webhooks", "traced.db"),
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        }),
    },
  ];
  const targets = TRACING_ONLY ? allTargets.slice(3) : allTargets;

  // All four run side by side; the rounds go round-robin over them, so that a slow moment of
  // the machine touches every target alike. Each relay round is followed by a drain of the
  // relay's backlog, so that its worker never steals CPU from the next target's round.
  const servers: Server[] = [];
  for (const target of targets) servers.push(await target.start());
  const options = (server: Server, duration: number) => ({
    url: server.url,
    connections: CONNECTIONS,
    duration,
    requests: [signedRequest()],
  });
  for (const [i, server] of servers.entries()) {
    await autocannon(options(server, WARMUP_SECONDS));
    if (targets[i]?.relay) await drain(server);
  }
  const rounds: { rps: number; p99: number; bad: number; backlog: number }[][] = targets.map(
    () => [],
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, server] of servers.entries()) {
      const result = await autocannon(options(server, SECONDS));
      const backlog = targets[i]?.relay ? await drain(server) : 0;
      rounds[i]?.push({
        rps: result.requests.average,
        p99: result.latency.p99,
        bad: result.non2xx + result.errors + result.timeouts,
        backlog,
      });
    }
    process.stdout.write(`round ${round + 1}/${ROUNDS} done\n`);
  }
  for (const server of servers) await stop(server);
  await stop(collector);

  const rows = targets.map((target, i) => {
    const r = rounds[i] ?? [];
    const row = {
      name: target.name,
      scheme: target.scheme,
      rps: median(r.map((x) => x.rps)),
      p99: median(r.map((x) => x.p99)),
      bad: r.reduce((n, x) => n + x.bad, 0),
      backlog: Math.max(0, ...r.map((x) => x.backlog)),
      all: r.map((x) => x.rps.toFixed(0)).join(", "),
    };
    process.stdout.write(`${row.name}: ${row.rps.toFixed(0)} req/s median (${row.all})\n`);
    return row;
  });
  if (TRACING_ONLY) {
    writeTracingSection(rows);
    rmSync(dir, { recursive: true, force: true });
    return;
  }

  // Latency at a fixed 500 req/s with the durable SQLite journal (standard-webhooks, the
  // default), after a warm-up at the same rate; the bare server's figure is the floor that the
  // load generator and this machine set.
  const paced = async (server: Server) => {
    const opts = {
      url: server.url,
      connections: 8,
      overallRate: RATE,
      requests: [signedRequest()],
    };
    await autocannon({ ...opts, duration: 2 });
    const result = await autocannon({ ...opts, duration: RATE_SECONDS });
    await stop(server);
    return result;
  };
  const pacedBare = await paced(await start(peerBin, ["bare"], {}));
  const pacedRelay = await paced(
    await start(relayBin, [], relayEnv("standard-webhooks", "paced.db")),
  );
  rmSync(dir, { recursive: true, force: true });

  const [bare, peer, relayGithub, relayStandard, relayTraced] = rows as [
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
  ];
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  const worst = Math.min(relayGithub.rps, relayStandard.rps);
  const report = [
    "# Relay benchmark",
    "",
    `Generated by \`npm run bench:relay\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} CPU(s), ` +
      `autocannon with ${CONNECTIONS} connections; per target a ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} rounds of ${SECONDS} s (medians), ` +
      "the rounds taken round-robin over the targets. Load generator and servers share one machine.",
    "",
    "- Every server runs in its own process and gets the same kind of requests: a fresh body per request, signed both ways",
    "  (`X-Hub-Signature-256`, and `webhook-id`/`webhook-timestamp`/`webhook-signature` with a fresh id and timestamp",
    "  per request; the `github` scheme dedupes on the body, which is all it signs). Each verifies the scheme noted in the table and ignores the other headers.",
    "- The relay journals every event durably in SQLite before answering 200: WAL, group commit (the requests that",
    "  arrive together share one transaction), and an fsync of the WAL that covers the batch before any of it is",
    "  answered (what `synchronous=FULL` does, run off the main thread). Its worker relays the events meanwhile (no",
    "  Slack or GitHub configured here). After each relay round the benchmark waits until the worker has emptied the",
    "  queue; the largest backlog found at the end of a round is shown.",
    "- Run it on an otherwise idle machine: the durable commit waits for fsync, so disk and CPU contention from",
    "  other processes lowers the relay's figures much more than those of the two servers that keep nothing.",
    "- Tracing: the relay without `OTEL_EXPORTER_OTLP_ENDPOINT` (off: the default rows) and with it set (on), exporting",
    "  every span (intake, and its worker's attempts) over OTLP/HTTP to a local collector stand-in in a process of its",
    "  own, with the SDK's default batching; same run, same rounds.",
    "",
    "| Target | Scheme verified | Throughput (req/s, median) | Rounds (req/s) | p99 (ms, median) | non-2xx / errors | Backlog after a round |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.scheme} | ${r.rps.toFixed(0)} | ${r.all} | ${r.p99} | ${r.bad} | ${r.scheme === "none" || r.name.startsWith("@") ? "n/a" : r.backlog} |`,
    ),
    "",
    "| Goal | Measured | |",
    "|---|---|---|",
    `| relay >= 0.4x the bare server | ${ratio(relayGithub.rps, bare.rps)}x (github), ${ratio(relayStandard.rps, bare.rps)}x (standard-webhooks) | ${verdict(worst >= 0.4 * bare.rps)} |`,
    `| relay >= 1.0x @octokit/webhooks | ${ratio(relayGithub.rps, peer.rps)}x (github), ${ratio(relayStandard.rps, peer.rps)}x (standard-webhooks) | ${verdict(worst >= peer.rps)} |`,
    `| relay with tracing on >= 0.9x off | ${ratio(relayTraced.rps, relayStandard.rps)}x (standard-webhooks: ${relayTraced.rps.toFixed(0)} on, ${relayStandard.rps.toFixed(0)} off, req/s medians) | ${verdict(relayTraced.rps >= 0.9 * relayStandard.rps)} |`,
    `| p99 <= 25 ms at ${RATE} req/s, SQLite journal on | standard-webhooks: p99 ${pacedRelay.latency.p99} ms, p50 ${pacedRelay.latency.p50} ms over ${RATE_SECONDS} s (${pacedRelay.requests.total} requests, ${pacedRelay.non2xx + pacedRelay.errors} non-2xx/errors); bare server at the same rate: p99 ${pacedBare.latency.p99} ms | ${verdict(pacedRelay.latency.p99 <= 25)} |`,
    "",
  ].join("\n");
  writeFileSync(join(here, "RESULTS.md"), report);
  process.stdout.write(`\n${report}`);
}

const TRACING_HEADING = "## Tracing on and off";

/** Replaces the tracing section of RESULTS.md (the rest is the full run's) with this run's. */
function writeTracingSection(
  rows: { name: string; rps: number; p99: number; bad: number; all: string }[],
) {
  const [off, on] = rows as [(typeof rows)[0], (typeof rows)[0]];
  const ratio = on.rps / off.rps;
  const section = [
    TRACING_HEADING,
    "",
    `Generated by \`npm run bench:relay -- --tracing-only\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} CPU(s), ` +
      `autocannon with ${CONNECTIONS} connections; per relay a ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} rounds of ${SECONDS} s taken in turn (medians). ` +
      "The same relay (standard-webhooks, durable SQLite journal) without `OTEL_EXPORTER_OTLP_ENDPOINT`, and with it set: every " +
      "intake span and every attempt's span exported over OTLP/HTTP (JSON, the SDK's default batching) to a collector stand-in " +
      "in a process of its own.",
    "",
    "| Relay | Throughput (req/s, median) | Rounds (req/s) | p99 (ms, median) | non-2xx / errors |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.all} | ${r.p99} | ${r.bad} |`),
    "",
    "| Goal | Measured | |",
    "|---|---|---|",
    `| tracing on >= 0.9x off | ${ratio.toFixed(2)}x | ${ratio >= 0.9 ? "met" : "NOT met"} |`,
    "",
  ].join("\n");
  const path = join(here, "RESULTS.md");
  const kept = readFileSync(path, "utf8").split(`\n${TRACING_HEADING}`)[0]?.trimEnd() ?? "";
  writeFileSync(path, `${kept}\n\n${section}`);
  process.stdout.write(`\n${section}`);
}

await main();
