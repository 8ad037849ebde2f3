import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Submission } from "../../../src/api/index.ts";

/** An asset as the service shows it: `complete`, `failed` (maybe retryable), `processing`. */
export interface ServiceAsset {
  readonly assetId: string;
  readonly status: "complete" | "failed" | "processing";
  readonly isRetryable?: boolean;
}

/** A loopback stand-in of the service's submission read, whose answers a test changes. */
export interface SubmissionService {
  readonly url: string;
  /** Sets what `GET /api/submissions/{id}` answers for `submissionId` (unknown ids get 404). */
  set(submissionId: string, assets: readonly ServiceAsset[]): void;
  /** Answers `status` with `body` to every read of `submissionId` (a service that cannot be read). */
  fail(submissionId: string, status: number, body: unknown): void;
  /** The submission ids read so far, decoded, in order. */
  readonly reads: string[];
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const READ = /^\/api\/submissions\/([^/?]+)$/;

/**
 * Answers the submission read from a map (reconciliation's only call); every other path (the
 * enricher's reads) gets 404, so relaying goes on without enrichment.
 */
export async function startSubmissionService(): Promise<SubmissionService> {
  const known = new Map<string, Submission>();
  const failing = new Map<string, { status: number; body: unknown }>();
  const reads: string[] = [];
  const server: Server = createServer((req, res) => {
    const match = READ.exec(req.url ?? "");
    const id = match === null ? null : decodeURIComponent(match[1] as string);
    if (id !== null) reads.push(id);
    const failure = id === null ? undefined : failing.get(id);
    if (failure !== undefined) {
      res.writeHead(failure.status, { "content-type": "application/json" });
      res.end(JSON.stringify(failure.body));
      return;
    }
    const submission = id === null ? undefined : known.get(id);
    res.writeHead(submission === undefined ? 404 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(submission ?? { detail: "Submission not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reads,
    set(submissionId, assets) {
      const done = assets.every((a) => a.status !== "processing");
      known.set(submissionId, {
        // The service's ids are uuids (its schema says so): an odd id a test links is answered
        // under one, as the relay reads only the assets.
        submissionId: UUID.test(submissionId) ? submissionId : randomUUID(),
        status: done ? "complete" : "processing",
        assets: assets.map((a) => ({
          assetId: a.assetId,
          status: a.status,
          issueCount: a.status === "complete" ? 0 : null,
          errorMessage: a.status === "failed" ? "decoder crashed" : null,
          isRetryable: a.isRetryable ?? false,
        })),
      } as Submission);
    },
    fail(submissionId, status, body) {
      failing.set(submissionId, { status, body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
