import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLogger,
  createRelayApp,
  createRelayMetrics,
  type Journal,
  type RedeliverResult,
} from "../../../relay/index.ts";
import {
  JOURNAL_FAULT_REASONS,
  JournalDurabilityError,
  JournalUnavailableError,
} from "../../../relay/journal/index.ts";
import { eventBody, sendSigned, TEST_RELAY_TOKEN, TEST_SECRET } from "../helpers/signed-sender.ts";

// A journal that answers redeliver with what the delivery id says ("busy-1" -> busy).
// Its ping fails with `pingError` while one is set (a database down, a disk full).
let pingError: Error | null = null;
let kind: Journal["kind"] = "sqlite";
const logLines: string[] = [];
const journal = {
  get kind() {
    return kind;
  },
  ingest: async (_id: string, event: { submissionId: string }) => {
    // What Postgres answered to U+0000 before the journal stored it as text.
    if (event.submissionId.startsWith("unstorable")) {
      throw Object.assign(new Error("unsupported Unicode escape sequence"), { code: "22P05" });
    }
    return "accepted";
  },
  redeliver: async (id: string) => id.split("-")[0] as RedeliverResult,
  ping: async () => {
    if (pingError !== null) throw pingError;
  },
} as unknown as Journal;

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(
    createRelayApp({
      scheme: "standard-webhooks",
      secrets: [TEST_SECRET],
      toleranceSeconds: 300,
      relayToken: TEST_RELAY_TOKEN,
      journal,
      metrics: createRelayMetrics(),
      logger: createLogger("warn", (line) => logLines.push(line)),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("createRelayApp", () => {
  // Each store error names what a public page must not show: an internal host and port, a path.
  const sqliteError = (errcode: number, message: string) =>
    Object.assign(new Error(message), { code: "ERR_SQLITE_ERROR", errcode });
  const pgError = (code: string | undefined, message: string) =>
    Object.assign(new Error(message), code === undefined ? {} : { code });
  it.each([
    {
      store: "sqlite",
      error: sqliteError(13, "database or disk is full: /srv/relay-data/journal.db"),
      detail: "/srv/relay-data/journal.db",
      reason: JOURNAL_FAULT_REASONS.diskFull,
    },
    {
      store: "sqlite",
      // SQLITE_IOERR_WRITE, an extended code.
      error: sqliteError(778, "disk I/O error writing /srv/relay-data/journal.db-wal"),
      detail: "/srv/relay-data/journal.db-wal",
      reason: JOURNAL_FAULT_REASONS.writesFailing,
    },
    {
      store: "sqlite",
      error: new JournalDurabilityError("/srv/relay-data/journal.db"),
      detail: "/srv/relay-data/journal.db",
      reason: JOURNAL_FAULT_REASONS.notDurable,
    },
    {
      store: "postgres",
      error: pgError("ECONNREFUSED", "connect ECONNREFUSED 10.20.30.40:6543"),
      detail: "10.20.30.40:6543",
      reason: JOURNAL_FAULT_REASONS.unreachable,
    },
    {
      store: "postgres",
      error: pgError("28P01", 'password authentication failed for user "relay_internal"'),
      detail: "relay_internal",
      reason: JOURNAL_FAULT_REASONS.refused,
    },
    {
      store: "postgres",
      error: new JournalUnavailableError("db.internal.example:6543/relay (schema relay_x)", {
        cause: pgError("ECONNREFUSED", "connect ECONNREFUSED 10.20.30.40:6543"),
      }),
      detail: "db.internal.example:6543",
      reason: JOURNAL_FAULT_REASONS.waiting,
    },
    {
      store: "sqlite",
      error: new Error("something nobody foresaw at /srv/relay-data"),
      detail: "/srv/relay-data",
      reason: JOURNAL_FAULT_REASONS.unavailable,
    },
  ] as const)(
    "GET /readyz on $store answers 503 with a fixed reason ($reason), and logs the true error",
    async ({ store, error, detail, reason }) => {
      kind = store;
      pingError = error;
      logLines.length = 0;
      try {
        const down = await fetch(`${url}/readyz`);
        expect(down.status).toBe(503);
        const text = await down.text();
        expect(JSON.parse(text)).toEqual({ status: "unavailable", store, reason });
        expect(text).not.toContain(detail);
        expect(text).not.toContain(error.message);
        // The log has the whole of it, once: a second probe with the same cause adds nothing.
        await fetch(`${url}/readyz`);
        expect(logLines).toHaveLength(1);
        const line = JSON.parse(logLines[0] ?? "{}");
        expect(line).toMatchObject({ level: "warn", message: "not ready", reason, store });
        expect(line.error).toBe(error.message);
      } finally {
        pingError = null;
        kind = "sqlite";
      }
      const up = await fetch(`${url}/readyz`);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ status: "ready", store: "sqlite" });
    },
  );

  it("GET /readyz logs a cause again once it changes, and after the journal was ready", async () => {
    logLines.length = 0;
    try {
      pingError = Object.assign(new Error("database or disk is full"), { errcode: 13 });
      await fetch(`${url}/readyz`);
      pingError = Object.assign(new Error("disk I/O error"), { errcode: 10 });
      await fetch(`${url}/readyz`);
      pingError = null;
      await fetch(`${url}/readyz`);
      pingError = Object.assign(new Error("disk I/O error"), { errcode: 10 });
      await fetch(`${url}/readyz`);
    } finally {
      pingError = null;
    }
    expect(logLines.map((l) => JSON.parse(l).error)).toEqual([
      "database or disk is full",
      "disk I/O error",
      "disk I/O error",
    ]);
  });

  it("GET /readyz redacts a secret in the logged error", async () => {
    logLines.length = 0;
    pingError = new Error(`refused ${TEST_RELAY_TOKEN} and sk_live_abcdef123456`);
    try {
      await fetch(`${url}/readyz`);
    } finally {
      pingError = null;
    }
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).not.toContain(TEST_RELAY_TOKEN);
    expect(logLines[0]).not.toContain("sk_live_abcdef123456");
    expect(logLines[0]).toContain("[REDACTED]");
  });

  it.each([
    { id: "requeued-1", status: 202, body: { status: "requeued" } },
    // Still waiting or running: a replay now would race it, so it is refused, not faked.
    { id: "busy-1", status: 409, body: { error: "in_progress" } },
    { id: "unknown-1", status: 404, body: { error: "not_found" } },
  ])("POST /deliveries/$id/redeliver answers $status", async ({ id, status, body }) => {
    const res = await fetch(`${url}/deliveries/${id}/redeliver`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}` },
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject(body);
  });

  it("serves the webhook route also under the spellings Express routes (trailing slash)", async () => {
    const res = await sendSigned(url, {
      id: "msg_direct",
      body: eventBody({ submissionId: "s", assetId: "a" }),
    });
    expect(await res.json()).toEqual({ status: "accepted" });
    const slash = await fetch(`${url}/webhooks/content-review/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    // Reached the webhook handler (a signature check), not Express's 404.
    expect(slash.status).toBe(401);
  });

  it("POST /links answers 422 naming why when the store cannot hold the link, logged once", async () => {
    logLines.length = 0;
    const res = await fetch(`${url}/links`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_RELAY_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        submissionId: "unstorable-1",
        repository: "acme/site",
        sha: "abcdef1",
      }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: "unstorable",
      message: expect.stringContaining("unsupported Unicode escape sequence"),
    });
    expect(logLines.filter((l) => l.includes("cannot hold"))).toHaveLength(1);
  });
});
