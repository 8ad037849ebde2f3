import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDestinationError } from "../../../relay/destinations/destination-error.ts";
import { createGithubRelay } from "../../../relay/destinations/github-relay.ts";
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
  const statuses: string[] = [];
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const url = req.url ?? "";
    req.resume();
    req.on("end", () => {
      if (req.method === "GET" && url === "/repos/acme/site/installation") {
        send(200, { id: installation });
      } else if (
        req.method === "POST" &&
        url === `/app/installations/${installation}/access_tokens`
      ) {
        issued += 1;
        send(201, {
          token: `ghs_inst${installation}_${issued}`,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
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
    reinstall: () => {
      installation += 1;
    },
  };
}

let github: ReturnType<typeof reinstallableGithub>;
let apiUrl: string;
let journal: Journal;

beforeAll(async () => {
  github = reinstallableGithub();
  await new Promise<void>((resolve) => github.server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(github.server.address() as AddressInfo).port}`;
  journal = memoryJournal();
});
afterAll(async () => {
  await journal?.close(0);
  github.server.closeAllConnections();
  await new Promise((resolve) => (github.server as Server).close(resolve));
});

describe("createGithubRelay as a GitHub App, reinstalled", () => {
  it("createGithubRelay looks the installation up again after GitHub refuses its cached token", async () => {
    const relay = createGithubRelay({
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
    });
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
