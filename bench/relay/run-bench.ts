import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { signGithubWebhook, signStandardWebhook } from "../../src/webhooks/index.ts";

// The relay benchmark (issue 5): the webhook route under signed load, against a bare
// node:http server answering 200 (the limit) and @octokit/webhooks' middleware verifying
// the same payloads (the peer), in one run. Not a test: it asserts nothing.
//   npm run bench:relay [-- --rounds 3 --seconds 5]

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const ROUNDS = arg("rounds", 3);
const SECONDS = arg("seconds", 5);
const CONNECTIONS = arg("connections", 32);
const RATE = 500;
const RATE_SECONDS = arg("rate-seconds", 10);

const SECRET = "whsec_YmVuY2htYXJrLXNlY3JldC1mb3ItdGhlLXJlbGF5LTAwMA==";
const RELAY_TOKEN = "bench-relay-token-0123456789";
const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..", "..");
const BODY = JSON.stringify({
  type: "asset.processing.completed",
  timestamp: new Date().toISOString(),
  data: {
    asset_id: "3f2b8c1e-0000-4000-8000-000000000001",
    submission_id: "3f2b8c1e-0000-4000-8000-000000000002",
    workspace_id: "3f2b8c1e-0000-4000-8000-000000000003",
    status: "complete",
    issue_count: 3,
  },
});
const GITHUB_SIGNATURE = signGithubWebhook({ secret: SECRET, body: BODY });

interface Server {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
}

async function start(
  name: string,
  script: string,
  argv: string[],
  env: Record<string, string>,
): Promise<Server> {
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
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { name, url, child };
}

async function stop(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

let delivery = 0;
/** Same body and X-Hub-Signature-256 for every target; a fresh delivery id per request. */
function githubRequest() {
  return {
    method: "POST",
    path: "/webhooks/content-review",
    body: BODY,
    headers: {
      "content-type": "application/json",
      "x-github-event": "ping",
      "x-hub-signature-256": GITHUB_SIGNATURE,
    },
    setupRequest: (req: { headers?: Record<string, string> }) => {
      delivery += 1;
      return {
        ...req,
        headers: { ...req.headers, "x-github-delivery": `bench-${process.pid}-${delivery}` },
      };
    },
  };
}

/** Standard Webhooks: a fresh id, timestamp and signature per request. */
function standardRequest() {
  return {
    method: "POST",
    path: "/webhooks/content-review",
    body: BODY,
    headers: { "content-type": "application/json" },
    setupRequest: (req: { headers?: Record<string, string> }) => {
      delivery += 1;
      const id = `msg_bench_${process.pid}_${delivery}`;
      const timestamp = Math.floor(Date.now() / 1000);
      return {
        ...req,
        headers: {
          ...req.headers,
          "webhook-id": id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signStandardWebhook({ secret: SECRET, id, timestamp, body: BODY }),
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

async function throughput(
  server: Server,
  request: () => object,
): Promise<{ rps: number; p99: number; bad: number }> {
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [request()],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
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
  const relayBin = join(root, "receiver", "bin.ts");
  const peerBin = join(here, "peer-server.ts");
  const targets = [
    {
      name: "bare node:http (limit)",
      start: () => start("bare", peerBin, ["bare"], {}),
      request: githubRequest,
    },
    {
      name: "@octokit/webhooks middleware (peer)",
      start: () => start("octokit", peerBin, ["octokit"], { WEBHOOK_SECRETS: SECRET }),
      request: githubRequest,
    },
    {
      name: "relay, github scheme",
      start: () => start("relay", relayBin, [], relayEnv("github", "gh.db")),
      request: githubRequest,
    },
    {
      name: "relay, standard-webhooks",
      start: () => start("relay", relayBin, [], relayEnv("standard-webhooks", "sw.db")),
      request: standardRequest,
    },
  ];

  const rows: { name: string; rps: number; p99: number; bad: number }[] = [];
  for (const target of targets) {
    const server = await target.start();
    await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: 1,
      requests: [target.request()],
    }); // warm-up
    const rounds = [];
    for (let i = 0; i < ROUNDS; i += 1) rounds.push(await throughput(server, target.request));
    await stop(server);
    const row = {
      name: target.name,
      rps: median(rounds.map((r) => r.rps)),
      p99: median(rounds.map((r) => r.p99)),
      bad: rounds.reduce((n, r) => n + r.bad, 0),
    };
    rows.push(row);
    process.stdout.write(
      `${row.name}: ${row.rps.toFixed(0)} req/s median, p99 ${row.p99} ms, non-2xx/errors ${row.bad}\n`,
    );
  }

  // Latency at a fixed 500 req/s with the durable SQLite journal (standard-webhooks, the
  // default), after a short warm-up at the same rate; the bare server's figure is the floor
  // that the load generator and this machine set.
  const paced = async (server: Server, request: () => object) => {
    const options = { url: server.url, connections: 8, overallRate: RATE, requests: [request()] };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: RATE_SECONDS });
    await stop(server);
    return result;
  };
  const pacedBare = await paced(await start("bare", peerBin, ["bare"], {}), standardRequest);
  const pacedRelay = await paced(
    await start("relay", relayBin, [], relayEnv("standard-webhooks", "rate.db")),
    standardRequest,
  );
  rmSync(dir, { recursive: true, force: true });

  const [bare, peer, relayGithub, relayStandard] = rows as [
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
  ];
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  const report = [
    "# Relay benchmark",
    "",
    `Generated by \`npm run bench:relay\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} CPU(s), ` +
      `autocannon with ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target (medians), load generator and servers on one machine.`,
    "Every server runs in its own process. The bare server and @octokit/webhooks receive exactly the same requests as the relay in `github` mode",
    "(same body, same `X-Hub-Signature-256`, a fresh `X-GitHub-Delivery` per request); the relay journals every one durably in SQLite",
    "(WAL, `synchronous=FULL`) before answering, and its worker relays them (no Slack or GitHub configured here).",
    "Run it on an otherwise idle machine: the relay's durable commit waits for fsync, so disk and CPU contention from",
    "other processes lowers its figures much more than those of the two servers that keep nothing.",
    "",
    "| Target | Throughput (req/s, median) | p99 (ms) | non-2xx / errors |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.bad} |`),
    "",
    "| Goal | Measured | |",
    "|---|---|---|",
    `| relay >= 0.4x the bare server | ${ratio(relayGithub.rps, bare.rps)}x (github), ${ratio(relayStandard.rps, bare.rps)}x (standard-webhooks) | ${verdict(relayGithub.rps >= 0.4 * bare.rps)} |`,
    `| relay >= 1.0x @octokit/webhooks | ${ratio(relayGithub.rps, peer.rps)}x (same payloads and signatures) | ${verdict(relayGithub.rps >= peer.rps)} |`,
    `| p99 <= 25 ms at ${RATE} req/s, SQLite journal on | p99 ${pacedRelay.latency.p99} ms, p50 ${pacedRelay.latency.p50} ms over ${RATE_SECONDS} s (${pacedRelay.requests.total} requests, ${pacedRelay.non2xx + pacedRelay.errors} non-2xx/errors); bare server at the same rate: p99 ${pacedBare.latency.p99} ms | ${verdict(pacedRelay.latency.p99 <= 25)} |`,
    "",
  ].join("\n");
  writeFileSync(join(here, "RESULTS.md"), report);
  process.stdout.write(`\n${report}`);
}

await main();
