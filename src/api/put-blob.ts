import http from "node:http";
import https from "node:https";
import { errorFromResponse } from "./errors/error-from-response.ts";
import { NetworkError } from "./errors/network-error.ts";
import { TimeoutError } from "./errors/timeout-error.ts";
import { parseRetryAfter } from "./retry-policy.ts";
import { sendFileBytes } from "./send-file-bytes.ts";

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
 * `x-ms-blob-type: BlockBlob` (fetch with a stream body would buffer it). The bytes go through
 * {@link sendFileBytes}: two fixed buffers, so memory stays flat whatever the size. Opens the
 * file anew on every call. Throws an {@link HttpError} for a non-2xx answer and a
 * {@link NetworkError} otherwise.
 */
export async function putBlob(input: PutBlobInput): Promise<void> {
  const url = new URL(input.uploadUrl);
  const secrets = [...input.secrets, input.uploadUrl, url.search.slice(1)];
  const request = openBlobRequest(input, url, secrets);
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
    await sendFileBytes(input.path, input.size, request, input.onBytes);
    request.end();
  } catch (error) {
    if (input.signal?.aborted) throw input.signal.reason;
    // Storage may answer early (a 413 before all bytes are read) and close: report that answer.
    if (!answered) {
      request.destroy();
      throw sendFailure(error, secrets);
    }
  }
  const res =
    answered ??
    (await response.catch((cause: unknown) => {
      throw new NetworkError("The upload to storage got no answer after the bytes were sent.", {
        operation: OPERATION,
        ambiguous: true,
        cause,
        secrets,
      });
    }));
  await settle(res, request, secrets);
}

const OPERATION = "uploadBlob";

/** The `PUT` with its headers and idle timeout, not yet sent. */
function openBlobRequest(input: PutBlobInput, url: URL, secrets: readonly (string | undefined)[]) {
  const transport = url.protocol === "https:" ? https : http;
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
        operation: OPERATION,
        ambiguous: true,
        timeoutMs: input.idleTimeoutMs,
        secrets,
      }),
    );
  });
  return request;
}

/** A failure while sending the bytes, with no answer from storage, as a {@link NetworkError}. */
function sendFailure(error: unknown, secrets: readonly (string | undefined)[]): NetworkError {
  if (error instanceof NetworkError) return error;
  const code = (error as { code?: string }).code;
  return new NetworkError(`The upload to storage failed (${code ?? (error as Error).message}).`, {
    operation: OPERATION,
    ambiguous: true,
    cause: error,
    secrets,
  });
}

/** Reads storage's answer: returns on 2xx, throws the service's error for the status otherwise. */
async function settle(
  res: http.IncomingMessage,
  request: http.ClientRequest,
  secrets: readonly (string | undefined)[],
): Promise<void> {
  const status = res.statusCode ?? 0;
  const text = await readText(res).catch(() => "");
  // An early answer left the body unsent: that connection cannot carry another request.
  if (!request.writableFinished) request.destroy();
  if (status >= 200 && status < 300) return;
  throw errorFromResponse({
    operation: OPERATION,
    status,
    body: parseJson(text),
    retryAfterSeconds: parseRetryAfter(String(res.headers["retry-after"] ?? ""), Date.now()),
    secrets,
  });
}

function readText(res: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    res.on("data", (chunk: Buffer) => {
      // Error bodies are small; stop collecting past 64 KiB but keep draining.
      if (length < 65_536) chunks.push(chunk);
      length += chunk.length;
    });
    res.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    res.once("error", reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
