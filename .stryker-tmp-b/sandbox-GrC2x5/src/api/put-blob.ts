// @ts-nocheck
import { createReadStream } from "node:fs";
import http from "node:http";
import https from "node:https";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { errorFromResponse } from "./errors/error-from-response.ts";
import { NetworkError } from "./errors/network-error.ts";
import { TimeoutError } from "./errors/timeout-error.ts";
import { parseRetryAfter } from "./retry-policy.ts";

/** Input of {@link putBlob}. */
export interface PutBlobInput {
  readonly path: string;
  readonly size: number;
  readonly contentType: string;
  readonly uploadUrl: string;
  /** Idle timeout: no bytes moving for this long aborts the upload. */
  readonly idleTimeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  readonly onBytes?: (bytesSent: number) => void;
  readonly userAgent: string;
  readonly secrets: readonly (string | undefined)[];
  /** The agent to connect with, e.g. through a proxy. @default Node's global agent */
  readonly agent?: http.Agent | undefined;
}

/**
 * Streams one file to a presigned URL: `PUT` with an explicit Content-Length and
 * `x-ms-blob-type: BlockBlob`, through `stream.pipeline`, so memory stays flat whatever the size
 * (fetch with a stream body would buffer it). Opens the file anew on every call.
 * Throws an {@link HttpError} for a non-2xx answer and a {@link NetworkError} otherwise.
 */
export async function putBlob(input: PutBlobInput): Promise<void> {
  const url = new URL(input.uploadUrl);
  const transport = url.protocol === "https:" ? https : http;
  const operation = "uploadBlob";
  const secrets = [...input.secrets, input.uploadUrl, url.search.slice(1)];
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sent += chunk.length;
      input.onBytes?.(sent);
      callback(null, chunk);
    },
  });

  const request = transport.request(url, {
    method: "PUT",
    headers: {
      "Content-Length": String(input.size),
      "Content-Type": input.contentType,
      "x-ms-blob-type": "BlockBlob",
      "User-Agent": input.userAgent,
    },
    signal: input.signal,
    ...(input.agent ? { agent: input.agent } : {}),
  });
  request.setTimeout(input.idleTimeoutMs, () => {
    request.destroy(
      new TimeoutError(`The upload stalled for ${input.idleTimeoutMs} ms.`, {
        operation,
        ambiguous: true,
        timeoutMs: input.idleTimeoutMs,
        secrets,
      }),
    );
  });
  let answered: http.IncomingMessage | undefined;
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once("response", (res) => {
      answered = res;
      resolve(res);
    });
    request.once("error", reject);
  });
  response.catch(() => undefined);

  try {
    await pipeline(createReadStream(input.path), counter, request);
  } catch (error) {
    if (input.signal?.aborted) throw input.signal.reason;
    // Storage may answer early (a 413 before all bytes are read) and close: report that answer.
    if (!answered) {
      if (error instanceof NetworkError) throw error;
      const code = (error as { code?: string }).code;
      throw new NetworkError(
        `The upload to storage failed (${code ?? (error as Error).message}).`,
        {
          operation,
          ambiguous: true,
          cause: error,
          secrets,
        },
      );
    }
  }
  const res =
    answered ??
    (await response.catch((cause: unknown) => {
      throw new NetworkError("The upload to storage got no answer after the bytes were sent.", {
        operation,
        ambiguous: true,
        cause,
        secrets,
      });
    }));
  const status = res.statusCode ?? 0;
  const text = await readText(res).catch(() => "");
  if (status >= 200 && status < 300) return;
  throw errorFromResponse({
    operation,
    status,
    body: parseJson(text),
    retryAfterSeconds: parseRetryAfter(String(res.headers["retry-after"] ?? ""), Date.now()),
    secrets,
  });
}

async function readText(res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of res) {
    // Error bodies are small; stop collecting past 64 KiB but keep draining.
    if (length < 65_536) chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
