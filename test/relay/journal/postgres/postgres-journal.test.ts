import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { openPostgresJournal } from "../../../../relay/journal/index.ts";
import { hasTestPostgres, TEST_POSTGRES_URL, testSchema } from "../../helpers/postgres.ts";
import { waitUntil } from "../../helpers/signed-sender.ts";
import { completedEvent } from "../../helpers/submission-builders.ts";

const hasPostgres = hasTestPostgres();
const schema = testSchema("relay_pg_clients");

describe("openPostgresJournal", () => {
  it.skipIf(!hasPostgres)(
    "a client that reports an error while checked out ends nothing: it has a listener",
    async () => {
      const journal = await openPostgresJournal({
        connectionString: TEST_POSTGRES_URL,
        schema,
        retry: { maxAttempts: 3, baseMs: 1000, maxMs: 1000 },
      });
      const connect = pg.Pool.prototype.connect as (
        this: pg.Pool,
        callback?: unknown,
      ) => Promise<pg.PoolClient> | undefined;
      // What a connection dropped between two statements of a transaction does: the client
      // emits 'error' with no query in flight. Unheard, that throws (and ends a process).
      const spy = vi.spyOn(pg.Pool.prototype, "connect").mockImplementation(function (
        this: pg.Pool,
        callback?: unknown,
      ) {
        // pool.query() (pg-boss's polling, which shares the pg module) connects with a callback:
        // left as it is, or its query would wait forever for a callback never called.
        if (typeof callback === "function") return connect.call(this, callback);
        return connect.call(this)!.then((client) => {
          client.emit("error", new Error("Connection terminated unexpectedly"));
          return client;
        });
      } as never);
      try {
        const event = {
          kind: "asset.processing.completed" as const,
          submissionId: "s-clients",
          assetId: "a",
          workspaceId: null,
          status: "complete",
          errorMessage: null,
          issueCount: 0,
          occurredAt: null,
        };
        expect(await journal.ingest("msg-clients", event)).toBe("accepted");
        expect(spy).toHaveBeenCalled();
      } finally {
        spy.mockRestore();
        await journal.close(1000);
      }
    },
  );

  it.skipIf(!hasPostgres)(
    "queues a redelivered entry of a submission id holding U+0000 in its submission's line again",
    async () => {
      const own = testSchema("relay_pg_redeliver");
      const journal = await openPostgresJournal({
        connectionString: TEST_POSTGRES_URL,
        schema: own,
        retry: { maxAttempts: 1, baseMs: 1000, maxMs: 1000 },
      });
      try {
        const event = completedEvent("s-\u0000", "a");
        let runs = 0;
        await journal.ingest("r-1", event);
        await journal.start(async () => {
          runs += 1;
        });
        const done = async () => (await journal.listEntries(1))[0]?.state === "done";
        await waitUntil("the first run", async () => runs === 1 && (await done()));
        expect(await journal.redeliver("r-1")).toBe("requeued");
        await waitUntil("the second run", async () => runs === 2 && (await done()));
        const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await client.connect();
        try {
          const { rows } = await client.query<{ key: string }>(
            `SELECT DISTINCT singleton_key AS key FROM "${own}_boss".job WHERE data->>'id' = 'r-1'`,
          );
          // One line per submission: the redelivery is keyed as the first delivery was.
          expect(rows).toHaveLength(1);
        } finally {
          await client.end();
        }
      } finally {
        await journal.close(1000);
      }
    },
  );
});
