import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { registerWithRelay } from "../../src/action/register-with-relay.ts";

const RELAY = "https://relay.test";
const link = { submissionId: "s", repository: "octo/media", sha: "c".repeat(40) };

afterEach(() => {
  nock.cleanAll();
});

describe("registerWithRelay", () => {
  it("registerWithRelay posts the link with the bearer token, retrying a 5xx", async () => {
    nock(RELAY).post("/base/links").reply(503, {});
    const scope = nock(RELAY)
      .matchHeader("authorization", "Bearer tok")
      .post("/base/links", (body) => body.submissionId === "s" && body.repository === "octo/media")
      .reply(202, {});
    await registerWithRelay({ relayUrl: `${RELAY}/base`, relayToken: "tok", link });
    expect(scope.isDone()).toBe(true);
  });

  it.each([401, 403, 422])(
    "registerWithRelay gives up at once on HTTP %i without the token in the message",
    async (status) => {
      const scope = nock(RELAY).post("/links").reply(status, {});
      const failure = registerWithRelay({ relayUrl: RELAY, relayToken: "tok-secret", link });
      await expect(failure).rejects.toThrow(`HTTP ${status}`);
      await expect(failure).rejects.not.toThrow("tok-secret");
      expect(scope.isDone()).toBe(true);
    },
  );
});
