import { createHmac, createSecretKey } from "node:crypto";
import {
  signGithubWebhook,
  signStandardWebhook,
  standardWebhookKey,
} from "../../src/webhooks/index.ts";

/** How the events of a pool spread over submissions. */
export type Shape = "one-submission" | "many-submissions";

/** Submissions the `many-submissions` shape spreads its events over, in turn. */
const SUBMISSIONS = 500;

const id = (n: number) => `3f2b8c1e-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The body of event `n`: a new asset each, of one submission or of one of many. */
export function bodyFor(n: number, shape: Shape, timestamp: string): string {
  return JSON.stringify({
    type: "asset.processing.completed",
    timestamp,
    data: {
      asset_id: id(n),
      submission_id: id(1_000_000 + (shape === "one-submission" ? 0 : n % SUBMISSIONS)),
      workspace_id: id(2_000_000),
      status: "complete",
      issue_count: 3,
    },
  });
}

/** A request as autocannon sends it. */
export interface SignedRequest {
  readonly method: "POST";
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Signs `count` distinct requests before the clock starts (the load generator shares the
 * machine, so signing inside the timed window would measure it too). Each is signed both ways
 * (`X-Hub-Signature-256`, and the standard-webhooks headers with its own id), so that every
 * target gets the same requests; each verifies its own scheme and ignores the other headers.
 * `prefix` keeps the ids of two pools apart; the timestamp is the pool's making (the relay's
 * tolerance, 300 s, covers a round).
 */
export function signedPool(
  secret: string,
  count: number,
  shape: Shape,
  prefix: string,
): SignedRequest[] {
  const githubKey = createSecretKey(Buffer.from(secret, "utf8"));
  const standardKey = createSecretKey(standardWebhookKey(secret));
  const now = Math.floor(Date.now() / 1000);
  const timestamp = new Date(now * 1000).toISOString();
  const pool: SignedRequest[] = [];
  for (let n = 0; n < count; n += 1) {
    const body = bodyFor(n, shape, timestamp);
    const msgId = `msg_${prefix}_${n}`;
    const standard = createHmac("sha256", standardKey).update(`${msgId}.${now}.`).update(body);
    pool.push({
      method: "POST",
      path: "/webhooks/content-review",
      headers: {
        "content-type": "application/json",
        "x-github-event": "ping",
        "x-github-delivery": msgId,
        "x-hub-signature-256": `sha256=${createHmac("sha256", githubKey).update(body).digest("hex")}`,
        "webhook-id": msgId,
        "webhook-timestamp": String(now),
        "webhook-signature": `v1,${standard.digest("base64")}`,
      },
      body,
    });
  }
  const first = pool[0];
  if (
    first !== undefined &&
    (first.headers["webhook-signature"] !==
      signStandardWebhook({ secret, id: `msg_${prefix}_0`, timestamp: now, body: first.body }) ||
      first.headers["x-hub-signature-256"] !== signGithubWebhook({ secret, body: first.body }))
  ) {
    throw new Error(
      "The benchmark's signers disagree with signStandardWebhook or signGithubWebhook",
    );
  }
  return pool;
}

/**
 * autocannon's request list over a pool: each request takes the pool's next entry (no
 * signing in the window). A pool sent whole wraps round, and its repeats would be duplicates:
 * `used()` says how many were taken, so the caller can tell.
 */
export function poolRequests(pool: readonly SignedRequest[]) {
  let next = 0;
  return {
    requests: [
      {
        method: "POST",
        path: "/webhooks/content-review",
        setupRequest: () => {
          const request = pool[next % pool.length] as SignedRequest;
          next += 1;
          return request;
        },
      },
    ],
    used: () => next,
  };
}
