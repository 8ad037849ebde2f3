import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGithubRelay } from "../../../relay/destinations/github-relay.ts";
import { isDestinationError } from "../../../relay/effects/destination-error.ts";
import type { Journal } from "../../../relay/journal/index.ts";
import { createLogger } from "../../../relay/logger.ts";
import { attemptContext, memoryJournal } from "../helpers/effect-context.ts";

const SHA = "d".repeat(40);
const STATUS = {
  state: "success" as const,
  description: "1/1 assets reviewed: no issues",
  context: "content-review",
  targetUrl: null,
};

/**
 * A GitHub whose App can be reinstalled: the installation gets a new id, and the old
 * installation's tokens are refused (401), as GitHub refuses them once it is removed.
 */
function reinstallableGithub() {
  let installation = 1;
  let issued = 0;
  // What GitHub answers a token request for an installation that is gone.
  let goneInstallation = 404;
  // Set: every token request is refused, as for an App whose installation GitHub suspended.
  let refuseTokens = false;
  const statuses: string[] = [];
  const lookups: number[] = [];
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const url = req.url ?? "";
    req.resume();
    req.on("end", () => {
      if (req.method === "GET" && url === "/repos/acme/site/installation") {
        lookups.push(installation);
        send(200, { id: installation });
      } else if (
        req.method === "POST" &&
        url === `/app/installations/${installation}/access_tokens` &&
        !refuseTokens
      ) {
        issued += 1;
        send(201, {
          token: `ghs_inst${installation}_${issued}`,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        });
      } else if (req.method === "POST" && /^\/app\/installations\/\d+\/access_tokens$/.test(url)) {
        send(goneInstallation, {
          message: goneInstallation === 404 ? "Not Found" : "Bad credentials",
        });
      } else if (req.method === "POST" && url.startsWith("/repos/acme/site/statuses/")) {
        const auth = req.headers.authorization ?? "";
        if (!auth.startsWith(`token ghs_inst${installation}_`)) {
          send(401, { message: "Bad credentials" });
          return;
        }
        statuses.push(auth);
        send(201, { id: statuses.length });
      } else {
        send(404, { message: "Not Found" });
      }
    });
  });
  return {
    server,
    statuses,
    lookups,
    refuseTokens: () => {
      refuseTokens = true;
    },
    reinstall: (answer = 404) => {
      installation += 1;
      goneInstallation = answer;
    },
  };
}

let github: ReturnType<typeof reinstallableGithub>;
let apiUrl: string;
let journal: Journal;

beforeEach(async () => {
  github = reinstallableGithub();
  await new Promise<void>((resolve) => github.server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(github.server.address() as AddressInfo).port}`;
  journal = memoryJournal();
});
afterEach(async () => {
  await journal?.close(0);
  github.server.closeAllConnections();
  await new Promise((resolve) => (github.server as Server).close(resolve));
});

/** The relay as a GitHub App on the stand-in, with a clock for token expiry. */
const appRelay = (now: () => number = Date.now) =>
  createGithubRelay({
    token: null,
    app: {
      appId: "4242",
      privateKey: generateKeyPairSync("rsa", { modulusLength: 2048 })
        .privateKey.export({ type: "pkcs1", format: "pem" })
        .toString(),
    },
    apiUrl,
    effects: journal,
    logger: createLogger("silent"),
    now,
  });

describe("createGithubRelay as a GitHub App, reinstalled", () => {
  it.each([404, 401])(
    "createGithubRelay looks the installation up again, in the same attempt, when the cached one's token request answers %i",
    async (answer) => {
      let clock = Date.now();
      const relay = appRelay(() => clock);
      await relay.setStatus(`t-${answer}-1`, "acme/site", SHA, STATUS, attemptContext());
      const before = github.statuses.length;
      const lookups = github.lookups.length;

      github.reinstall(answer);
      // The cached token has expired: the relay asks the cached installation for a new one.
      clock += 2 * 3600_000;
      await relay.setStatus(`t-${answer}-2`, "acme/site", SHA, STATUS, attemptContext());
      expect(github.statuses.length).toBe(before + 1);
      // One lookup more, not one per attempt.
      expect(github.lookups.length).toBe(lookups + 1);
    },
  );

  it("createGithubRelay looks a fresh installation up once when its token request answers 404", async () => {
    github.refuseTokens();
    const relay = appRelay();
    const refused = await relay.setStatus("u-1", "acme/site", SHA, STATUS, attemptContext()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDestinationError(refused) && refused.status).toBe(404);
    expect(github.lookups).toHaveLength(1);
  });

  it("createGithubRelay looks the installation up again after GitHub refuses its cached token", async () => {
    const relay = appRelay();
    await relay.setStatus("s-1", "acme/site", SHA, STATUS, attemptContext());
    expect(github.statuses).toEqual(["token ghs_inst1_1"]);

    github.reinstall();
    // The cached token is refused once: a refusal (nothing was set), retried by the journal.
    const refused = await relay.setStatus("s-2", "acme/site", SHA, STATUS, attemptContext()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDestinationError(refused) && refused.outcome).toBe("not-performed");
    // The next attempt finds the new installation and its token, not the old one's again.
    await relay.setStatus("s-3", "acme/site", SHA, STATUS, attemptContext());
    expect(github.statuses).toEqual(["token ghs_inst1_1", "token ghs_inst2_2"]);
  });
});
