import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  RELAY_RETRY_POLICY,
  registerWithRelay,
} from "../../../src/action/relay-handoff/register-with-relay.ts";
import { relayIdempotencyKey } from "../../../src/action/relay-handoff/relay-idempotency-key.ts";
import { startTraceparent } from "../../../src/action/relay-handoff/start-traceparent.ts";
import { type Step, startScriptedServer } from "../../helpers/scripted-server.ts";

const link = {
  submissionId: "5a786613-ef78-47d5-a880-55e6df6a0923",
  repository: "octo/media",
  sha: "c".repeat(40),
  context: "Content Review",
};

/** The jitter draw p-retry makes, fixed: delays are then (1 + JITTER) × 1 s, × 2 s, … */
const JITTER = 0.25;
const FIRST_DELAY = Math.round((1 + JITTER) * RELAY_RETRY_POLICY.minTimeout);
const SECOND_DELAY = Math.round(
  (1 + JITTER) * RELAY_RETRY_POLICY.minTimeout * RELAY_RETRY_POLICY.factor,
);

let servers: { close: () => Promise<void> }[] = [];

beforeEach(() => {
  // Only the timers are fake: the requests go through the real HTTP stack on loopback.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.spyOn(Math, "random").mockReturnValue(JITTER);
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function relay(steps: Step[]) {
  const server = await startScriptedServer(steps);
  servers.push(server);
  return server;
}

/**
 * Starts a registration with the real fetch, counting the attempts whose answer (or failure) the
 * client has seen, so that a test moves the clock only once the next backoff is scheduled.
 */
function register(url: string, signal?: AbortSignal) {
  const state = { answered: 0, settled: false };
  const done = registerWithRelay({
    relayUrl: url,
    relayToken: "tok",
    link,
    signal,
    fetch: (async (...args: Parameters<typeof fetch>) => {
      try {
        return await fetch(...args);
      } finally {
        state.answered++;
      }
    }) as typeof fetch,
  });
  done.then(
    () => {
      state.settled = true;
    },
    () => {
      state.settled = true;
    },
  );
  return {
    done,
    settled: () => state.settled,
    /** The client has seen `n` answers and scheduled what comes next (a backoff timer). */
    waiting: (n: number) => () => state.answered === n && vi.getTimerCount() > 0,
  };
}

/** Lets I/O run (no timer involved) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000 && !done(); turn++) {
    await new Promise((r) => setImmediate(r));
  }
  expect(done()).toBe(true);
}

describe("registerWithRelay", () => {
  it("registerWithRelay posts the link with the bearer token and an idempotency key", async () => {
    const server = await relay([{ status: 202, body: {} }]);
    await registerWithRelay({ relayUrl: `${server.url}/base`, relayToken: "tok", link });
    expect(server.seen).toHaveLength(1);
    const [request] = server.seen;
    expect(request).toMatchObject({ method: "POST", url: "/base/links" });
    expect(request!.headers.authorization).toBe("Bearer tok");
    expect(request!.headers["idempotency-key"]).toBe(`"${relayIdempotencyKey(link)}"`);
    expect(JSON.parse(request!.body)).toEqual(link);
  });

  it("registerWithRelay sends the traceparent it is given, so the relay continues that trace", async () => {
    const server = await relay([{ status: 202, body: {} }]);
    const traceparent = startTraceparent((size) => Buffer.alloc(size, 0xab));
    await registerWithRelay({ relayUrl: server.url, relayToken: "tok", link, traceparent });
    expect(server.seen[0]!.headers.traceparent).toBe(`00-${"ab".repeat(16)}-${"ab".repeat(8)}-01`);
  });

  it("registerWithRelay backs off exponentially between attempts, with the same key on each", async () => {
    const server = await relay([
      { status: 503, body: {} },
      { status: 502, body: {} },
      { status: 202, body: {} },
    ]);
    const registration = register(server.url);
    await until(registration.waiting(1));
    await vi.advanceTimersByTimeAsync(FIRST_DELAY - 1);
    expect(server.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(registration.waiting(2));
    await vi.advanceTimersByTimeAsync(SECOND_DELAY - 1);
    expect(server.seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(registration.settled);
    await registration.done;
    expect(server.seen).toHaveLength(3);
    expect(new Set(server.seen.map((r) => r.headers["idempotency-key"])).size).toBe(1);
  });

  it.each([429, 503])(
    "registerWithRelay waits the Retry-After of a %i when it is longer than the backoff",
    async (status) => {
      const server = await relay([
        { status, body: {}, headers: { "retry-after": "7" } },
        { status: 202, body: {} },
      ]);
      const registration = register(server.url);
      await until(registration.waiting(1));
      await vi.advanceTimersByTimeAsync(6_999);
      expect(server.seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await until(registration.settled);
      await registration.done;
      expect(server.seen).toHaveLength(2);
    },
  );

  it("registerWithRelay gives up at once when the relay asks to wait longer than it waits", async () => {
    const server = await relay([{ status: 429, body: {}, headers: { "retry-after": "120" } }]);
    await expect(
      registerWithRelay({ relayUrl: server.url, relayToken: "tok", link }),
    ).rejects.toThrow(/HTTP 429 .*retry after 120 s/);
    expect(server.seen).toHaveLength(1);
  });

  it("registerWithRelay retries a connection the relay drops, then reports it unreachable", async () => {
    const server = await relay(["reset"]);
    const registration = register(server.url);
    await until(registration.waiting(1));
    await vi.advanceTimersByTimeAsync(FIRST_DELAY);
    await until(registration.waiting(2));
    await vi.advanceTimersByTimeAsync(SECOND_DELAY);
    await until(registration.settled);
    await expect(registration.done).rejects.toMatchObject({
      name: "RelayRegistrationError",
      message: expect.stringContaining("could not be reached"),
    });
    expect(server.seen).toHaveLength(1 + RELAY_RETRY_POLICY.retries);
  });

  it.each([401, 403, 422])(
    "registerWithRelay gives up at once on HTTP %i without the token in the message",
    async (status) => {
      const server = await relay([{ status, body: {} }]);
      const failure = registerWithRelay({ relayUrl: server.url, relayToken: "tok-secret", link });
      await expect(failure).rejects.toThrow(`HTTP ${status}`);
      await expect(failure).rejects.not.toThrow("tok-secret");
      expect(server.seen).toHaveLength(1);
    },
  );

  it("registerWithRelay stops waiting when the step's signal aborts during a backoff", async () => {
    const server = await relay([{ status: 503, body: {} }]);
    const controller = new AbortController();
    const registration = register(server.url, controller.signal);
    await until(registration.waiting(1));
    controller.abort(new Error("step cancelled"));
    await expect(registration.done).rejects.toThrow("step cancelled");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.seen).toHaveLength(1);
  });
});

describe("relayIdempotencyKey", () => {
  it("relayIdempotencyKey is the same for the same link, on every run of the job", () => {
    const key = relayIdempotencyKey(link);
    expect(key).toMatch(/^content-review-link-[0-9a-f]{40}$/);
    // A re-run sends the same link with other counts: still the same key.
    expect(relayIdempotencyKey({ ...link })).toBe(key);
  });

  it.each([
    ["another submission", { submissionId: "6b786613-ef78-47d5-a880-55e6df6a0923" }],
    ["another commit", { sha: "d".repeat(40) }],
    ["another status context", { context: "Review (staging)" }],
  ])("relayIdempotencyKey differs for %s", (_what, change) => {
    expect(relayIdempotencyKey({ ...link, ...change })).not.toBe(relayIdempotencyKey(link));
  });
});
