import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGithubClient } from "../../../src/action/github/create-github-client.ts";
import { type StallingGithub, startStallingGithub } from "../../helpers/stalling-github.ts";

let stand: StallingGithub;
let baseUrl: string;
let hanging: StallingGithub["hanging"];
beforeAll(async () => {
  stand = await startStallingGithub();
  ({ baseUrl, hanging } = stand);
});
afterAll(() => stand.close());

function github(extra: { signal?: AbortSignal; requestTimeoutMs?: number } = {}) {
  return createGithubClient({
    token: "ghs_test",
    baseUrl,
    userAgent: "test",
    log: () => {},
    throttle: false,
    retry: false,
    requestTimeoutMs: 200,
    ...extra,
  });
}

describe("createGithubClient", () => {
  it("createGithubClient gives every request its own timeout: a stalled one ends, the next one goes through", async () => {
    // The stalled request never gets an answer, so any timeout ends it; the one after must
    // meet its own in full, even on a loaded machine (one shared timer would end it at once).
    const client = github({ requestTimeoutMs: 2_000 });
    const stalled = await client.rest.repos.get({ owner: "octo", repo: "hang" }).catch((e) => e);
    expect(stalled).toBeInstanceOf(Error);
    expect(String(stalled.message)).toMatch(/timeout|aborted/i);
    const { data } = await client.rest.repos.get({ owner: "octo", repo: "fine" });
    expect(data).toMatchObject({ id: 1 });
  });

  it("createGithubClient stops every request once the client's own signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    const client = github({ signal: controller.signal });
    await expect(client.rest.repos.get({ owner: "octo", repo: "fine" })).rejects.toThrow();
  });

  it("createGithubClient logs a request that the client's own signal aborted as cancelled, not as a 500 with id UNKNOWN", async () => {
    const controller = new AbortController();
    const lines: string[] = [];
    const client = createGithubClient({
      token: "ghs_test",
      baseUrl,
      userAgent: "test",
      log: (line) => lines.push(line),
      throttle: false,
      signal: controller.signal,
    });
    const before = hanging.length;
    const stalled = client.rest.checks
      .create({ owner: "octo", repo: "hang", name: "c", head_sha: "a".repeat(40) })
      .catch((e) => e);
    await vi.waitFor(() => expect(hanging.length).toBe(before + 1));
    controller.abort(new Error("Cancelled by SIGINT."));
    await stalled;
    expect(lines.join("\n")).not.toMatch(/500|UNKNOWN/);
    expect(lines).toEqual([
      expect.stringMatching(
        /^POST \/repos\/octo\/hang\/check-runs - cancelled after \d+ ms: the run was cancelled while GitHub had the request, which it may have applied$/,
      ),
    ]);
  });

  it("createGithubClient does not retry a request that the client's own signal aborted (a cancelled run)", async () => {
    const controller = new AbortController();
    let attempts = 0;
    const counting = ((...args: Parameters<typeof fetch>) => {
      attempts += 1;
      return fetch(...args);
    }) as typeof fetch;
    const client = createGithubClient({
      token: "ghs_test",
      baseUrl,
      userAgent: "test",
      log: () => {},
      throttle: false,
      signal: controller.signal,
      fetch: counting,
    });
    const before = hanging.length;
    const stalled = client.rest.repos.get({ owner: "octo", repo: "hang" }).catch((e) => e);
    await vi.waitFor(() => expect(hanging.length).toBe(before + 1));
    controller.abort(new Error("Cancelled by SIGINT."));
    // Octokit reports the abort as a 500; retried, it would be tried three more times (1 s, 4 s,
    // 9 s later), past a runner's grace between SIGINT and SIGKILL.
    const error = await stalled;
    expect(String(error.message)).toMatch(/Cancelled by SIGINT/);
    expect(attempts).toBe(1);
  });
});

describe("createGithubClient write spacing", () => {
  /** Two status writes at once through a fetch that records when each one was sent. */
  // The throttling plugin keeps its limiters per process: each run starts its fake clock well
  // after the last one ended, so that no limiter waits for a time it saw in an earlier run.
  let clock = Date.now();
  async function twoWrites(spaceWrites: boolean | undefined) {
    clock += 3_600_000;
    vi.useFakeTimers({ now: clock });
    const sent: string[] = [];
    const client = createGithubClient({
      token: "ghs_test",
      baseUrl: "https://api.github.test",
      userAgent: "test",
      log: () => {},
      retry: false,
      ...(spaceWrites === undefined ? {} : { spaceWrites }),
      fetch: (async (url: string | URL) => {
        sent.push(String(url));
        return new Response('{"id":1}', {
          status: 201,
          headers: { "content-type": "application/json" },
        });
      }) as typeof fetch,
    });
    const write = (n: number) =>
      client.rest.repos.createCommitStatus({
        owner: "o",
        repo: "r",
        sha: `${n}`.repeat(40),
        state: "pending",
      });
    const both = Promise.all([write(1), write(2)]);
    // Half a second of (fake) time, in small steps so that each scheduled hop can run.
    for (let ms = 0; ms < 500; ms += 10) await vi.advanceTimersByTimeAsync(10);
    const soon = sent.length;
    for (let ms = 0; ms < 2_000; ms += 10) await vi.advanceTimersByTimeAsync(10);
    await both;
    vi.useRealTimers();
    return { soon, total: sent.length };
  }

  it("createGithubClient spaces writes a second apart by default, as GitHub asks", async () => {
    expect(await twoWrites(undefined)).toEqual({ soon: 1, total: 2 });
  });

  it("createGithubClient sends writes one after the other without spacing for a local recorder", async () => {
    expect(await twoWrites(false)).toEqual({ soon: 2, total: 2 });
  });
});
