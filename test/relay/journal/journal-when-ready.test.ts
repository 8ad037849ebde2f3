import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type Journal,
  JournalUnavailableError,
  openSqliteJournal,
} from "../../../relay/journal/index.ts";
import { journalWhenReady } from "../../../relay/journal/journal-when-ready.ts";

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const badPassword = () =>
  Object.assign(new Error('password authentication failed for user "relay"'), { code: "28P01" });
const isOutage = (error: unknown) => (error as { code?: string }).code !== "28P01";

describe("journalWhenReady", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits out an outage with backoff, unavailable meanwhile, then starts the workers", async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const waits: number[] = [];
    const started: string[] = [];
    const real = openSqliteJournal({
      path: ":memory:",
      retry: { maxAttempts: 1, baseMs: 1, maxMs: 1 },
    });
    const { journal, firstAttempt } = journalWhenReady({
      kind: "postgres",
      location: "postgres://db:5432/relay (schema relay)",
      open: async () => {
        attempts += 1;
        if (attempts <= 3) throw refused();
        return { ...real, start: async () => void started.push("workers") } as Journal;
      },
      isOutage,
      onWaiting: (_error, delayMs) => waits.push(delayMs),
      onFatal: (error) => {
        throw error;
      },
    });
    await firstAttempt;
    const unavailable = await journal.ping().catch((error: unknown) => error);
    expect(unavailable).toBeInstanceOf(JournalUnavailableError);
    expect(String((unavailable as Error).message)).toBe(
      "Waiting for the journal's database postgres://db:5432/relay (schema relay): connect ECONNREFUSED 127.0.0.1:5432; the relay keeps trying (check that the database is up and reachable)",
    );
    await expect(journal.ingest("m", { kind: "link.registered" } as never)).rejects.toBeInstanceOf(
      JournalUnavailableError,
    );
    await journal.start(async () => undefined);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(100 + 200 + 400);
    expect(attempts).toBe(4);
    expect(waits).toEqual([100, 200, 400]);
    expect(started).toEqual(["workers"]);
    await journal.ping();
    await journal.close(0);
  });

  it("fails the start-up at once for a misconfiguration, and never retries it", async () => {
    let attempts = 0;
    const { journal, firstAttempt } = journalWhenReady({
      kind: "postgres",
      location: "postgres://db:5432/relay (schema relay)",
      open: async () => {
        attempts += 1;
        throw badPassword();
      },
      isOutage,
      onFatal: () => undefined,
    });
    await expect(firstAttempt).rejects.toThrow(/password authentication failed/);
    await journal.close(0);
    expect(attempts).toBe(1);
  });
});
