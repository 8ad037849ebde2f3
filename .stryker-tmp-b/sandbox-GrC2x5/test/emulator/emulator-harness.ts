/**
 * Plain-fetch helpers for the emulator conformance suite. The emulator must stand on its own,
 * so these tests never use the typed client.
 */
// @ts-nocheck

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ZodType } from "zod";
import {
  type ApiResponseRecord,
  type EmulatorHandle,
  type EmulatorOptions,
  startEmulator,
} from "../../emulator/index.ts";
import {
  type OperationId,
  responseSchemas,
  zDomainError,
  zRateLimitError,
  zTierNotAuthorizedError,
  zValidationErrorBody,
} from "../../src/api/generated/index.ts";

/** The schema a response must match: the operation's success body, or the part 7 error shape. */
export function schemaFor(record: ApiResponseRecord): ZodType | null {
  if (record.status < 300) return responseSchemas[record.operationId as OperationId] ?? null;
  if (record.status === 422) return zValidationErrorBody;
  if (record.status === 429) return zRateLimitError;
  if (record.status === 402) return zTierNotAuthorizedError;
  return zDomainError;
}

/** Problems with a response, or an empty list when it matches the OpenAPI schemas. */
export function responseProblems(record: ApiResponseRecord): string[] {
  const schema = schemaFor(record);
  if (schema === null)
    return record.body === undefined
      ? []
      : [`${record.operationId} ${record.status}: expected no body`];
  const parsed = schema.safeParse(record.body);
  return parsed.success
    ? []
    : [
        `${record.operationId} ${record.status}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      ];
}

/** Response bodies are read loosely in tests; the schema check in close() guards their shape. */
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many shapes
export type Json = any;

export interface JsonResponse<T = Json> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** One emulator plus helpers bound to it. */
export interface Harness {
  readonly emu: EmulatorHandle;
  /** Every /api response seen, for schema checks. */
  readonly responses: ApiResponseRecord[];
  call<T = Json>(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<JsonResponse<T>>;
  control<T = Json>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>>;
  /** Requests an upload URL and PUTs the bytes; returns the blob path. */
  upload(filename: string, contentType: string, bytes: Buffer, key?: string): Promise<string>;
  /** Polls the submission until its status is terminal (bounded; no fixed sleeps). */
  waitForSubmission(submissionId: string, key?: string): Promise<Json>;
  close(): Promise<void>;
}

export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const responses: ApiResponseRecord[] = [];
  const emu = await startEmulator({
    processingSeconds: 0,
    onResponse: (r) => responses.push(r),
    ...options,
  });
  const call = async <T = Json>(
    method: string,
    path: string,
    opts: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> => {
    const key = opts.key === undefined ? emu.liveKey : opts.key;
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (key !== null) headers["X-API-Key"] = key;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${emu.baseUrl}${path}`, {
      method,
      headers,
      ...(opts.body !== undefined
        ? { body: typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body) }
        : {}),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: (text ? JSON.parse(text) : undefined) as T,
    };
  };
  const harness: Harness = {
    emu,
    responses,
    call,
    control: (method, path, body) =>
      call(method, path, { key: null, ...(body === undefined ? {} : { body }) }),
    async upload(filename, contentType, bytes, key = emu.liveKey) {
      const url = await call("POST", "/api/uploads/url", { key, body: { filename, contentType } });
      if (url.status !== 200)
        throw new Error(`upload url: ${url.status} ${JSON.stringify(url.body)}`);
      const put = await fetch(url.body.uploadUrl, {
        method: "PUT",
        headers: { "x-ms-blob-type": "BlockBlob", "content-type": contentType },
        body: bytes,
      });
      if (put.status !== 201) throw new Error(`upload: ${put.status} ${await put.text()}`);
      return url.body.blobPath as string;
    },
    async waitForSubmission(submissionId, key = emu.liveKey) {
      for (let i = 0; i < 400; i++) {
        const res = await call("GET", `/api/submissions/${submissionId}`, { key });
        if (["complete", "partial", "failed"].includes(res.body.status)) return res.body;
        await new Promise((resolve) => setImmediate(resolve));
        if (i > 50) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`submission ${submissionId} did not finish`);
    },
    /** Stops the emulator, then fails if any /api response broke the OpenAPI schemas. */
    async close() {
      await emu.close();
      const problems = responses.flatMap(responseProblems);
      if (problems.length > 0)
        throw new Error(`Responses that break the OpenAPI schemas:\n${problems.join("\n")}`);
    },
  };
  return harness;
}

/** A webhook receiver on loopback that answers with the queued statuses (then 200). */
export interface Receiver {
  readonly url: string;
  readonly received: { headers: IncomingMessage["headers"]; body: string }[];
  /** Statuses to answer the next requests with, in order; 0 never answers (a timeout). */
  readonly statuses: number[];
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Receiver["received"] = [];
  const statuses: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = statuses.shift() ?? 200;
      if (status !== 0) {
        res.statusCode = status;
        res.end();
      }
      for (const w of [...waiters]) {
        if (received.length >= w.count) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    statuses,
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const SIDEKICKS = ["brand-safety"];
