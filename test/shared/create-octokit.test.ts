import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOctokit } from "../../src/shared/create-octokit.ts";
import { httpStatusOf } from "../../src/shared/http-status-of.ts";
import { type StallingGithub, startStallingGithub } from "../helpers/stalling-github.ts";

let github: StallingGithub;
beforeAll(async () => {
  github = await startStallingGithub();
});
afterAll(() => github.close());

// As the relay builds it: no retries, no throttling, a short deadline per request.
const relayLike = () =>
  createOctokit({
    auth: "ghs_test",
    baseUrl: github.baseUrl,
    userAgent: "test",
    requestTimeoutMs: 200,
  });

describe("createOctokit", () => {
  it("createOctokit ends a stalled request at its own deadline, and the next one goes through", async () => {
    const octokit = relayLike();
    const stalled = await octokit.rest.repos.get({ owner: "octo", repo: "hang" }).catch((e) => e);
    expect(String((stalled as Error).message)).toMatch(/timeout|aborted/i);
    const { data } = await octokit.rest.repos.get({ owner: "octo", repo: "fine" });
    expect(data).toMatchObject({ id: 1 });
  });

  it("createOctokit ends a request when the caller's signal aborts, with the caller's reason", async () => {
    const controller = new AbortController();
    const pending = relayLike()
      .rest.repos.get({ owner: "octo", repo: "hang", request: { signal: controller.signal } })
      .catch((e: unknown) => e);
    const reason = new Error("the attempt's deadline");
    controller.abort(reason);
    expect(await pending).toBe(reason);
  });

  it("createOctokit without retry hands a 500 to the caller after one request (the relay's journal retries)", async () => {
    const before = github.broken();
    const failed = await relayLike()
      .rest.repos.get({ owner: "octo", repo: "broken" })
      .catch((e: unknown) => e);
    expect(httpStatusOf(failed)).toBe(500);
    expect(github.broken() - before).toBe(1);
  });
});

describe("httpStatusOf", () => {
  it.each([
    ["an object with an integer status", { status: 401 }, 401],
    ["a status that is a string", { status: "404" }, null],
    ["a status that is not whole", { status: 404.5 }, null],
    ["an error without a status", new Error("ECONNREFUSED"), null],
    ["null", null, null],
    ["a string", "boom", null],
  ])("httpStatusOf reads %s as %s", (_what, error, status) => {
    expect(httpStatusOf(error)).toBe(status);
  });
});
