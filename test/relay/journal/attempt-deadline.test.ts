import { afterEach, describe, expect, it, vi } from "vitest";
import { AttemptDeadlineError, attemptDeadline } from "../../../relay/journal/attempt-deadline.ts";
import type { AttemptInfo, Journal } from "../../../relay/journal/index.ts";
import { testStores } from "../helpers/journal-stores.ts";
import { waitUntil } from "../helpers/signed-sender.ts";
import { completedEvent } from "../helpers/submission-builders.ts";

const stores = testStores("relay_deadline_test");

describe("attemptDeadline", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("attemptDeadline aborts at its timeout, not a tick later, with an AttemptDeadlineError", () => {
    vi.useFakeTimers({ now: 10_000 });
    const deadline = attemptDeadline(1000);
    expect(deadline.deadline).toBe(11_000);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBeInstanceOf(AttemptDeadlineError);
    expect(deadline.signal.reason).toMatchObject({ timeoutMs: 1000 });
    expect(String(deadline.signal.reason.message)).toMatch(/RELAY_HANDLER_TIMEOUT_MS/);
  });

  it("attemptDeadline aborts with a parent's reason as soon as the parent does", () => {
    vi.useFakeTimers({ now: 0 });
    const parent = new AbortController();
    const deadline = attemptDeadline(1000, [parent.signal]);
    parent.abort(new Error("shutting down"));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toMatchObject({ message: "shutting down" });
  });

  it("attemptDeadline's dispose stops its timer", () => {
    vi.useFakeTimers({ now: 0 });
    const deadline = attemptDeadline(1000);
    deadline.dispose();
    vi.advanceTimersByTime(5000);
    expect(deadline.signal.aborted).toBe(false);
  });
});

describe.each(stores)("an attempt's deadline in the journal ($name)", (store) => {
  let journal: Journal | undefined;
  afterEach(async () => {
    await journal?.close(1000);
    journal = undefined;
  });

  it.skipIf(store.skip)(
    "the handler gets RELAY_HANDLER_TIMEOUT_MS as its deadline, and its signal aborts then",
    async () => {
      const handlerTimeoutMs = 300;
      journal = await store.open({ handlerTimeoutMs });
      const open = journal;
      await journal.ingest("deadline-1", completedEvent("s-deadline", "a-1"));
      const seen: { startedAt: number; attempt: AttemptInfo; reason?: unknown }[] = [];
      await journal.start(async (_entry, attempt) => {
        const run: (typeof seen)[number] = { startedAt: Date.now(), attempt };
        seen.push(run);
        await new Promise((resolve) => attempt.signal.addEventListener("abort", resolve));
        run.reason = attempt.signal.reason;
        throw attempt.signal.reason;
      });
      await waitUntil("the first attempt's abort", () => seen[0]?.reason !== undefined, 20_000);
      const first = seen[0] as (typeof seen)[number];
      expect(first.reason).toBeInstanceOf(AttemptDeadlineError);
      expect(first.reason).toMatchObject({ timeoutMs: handlerTimeoutMs });
      expect(first.attempt.deadline).toBeLessThanOrEqual(first.startedAt + handlerTimeoutMs);
      expect(first.attempt.deadline).toBeGreaterThan(first.startedAt);
      await open.close(0);
      journal = undefined;
    },
  );
});
