/**
 * What to do about each error status, as data (part 7's status table). Appended to messages so
 * every error says what failed and what to do next.
 */
// @ts-nocheck

export const STATUS_HINTS: Readonly<Record<number, string>> = Object.freeze({
  400: "Fix the request as the detail says.",
  401: "Check the API key: it is missing, invalid, expired or revoked. Create a new key in the control plane if needed.",
  402: "The workspace plan does not include API access; upgrade the plan or use another workspace's key.",
  403: "The key may not do this (sandbox-only endpoint with a live key, an invalid blob path or filename, or another workspace's resource).",
  404: "Check the id: it does not exist in this key's workspace.",
  409: "The request conflicts with the current state: the file was already submitted (upload a new file or consult the versions endpoint), or the asset is not retryable.",
  413: "The file is larger than its category allows (part 8: video 5 GB, audio 500 MB, image 50 MB, document 100 MB).",
  415: "The content type is not allowed or does not match the file's bytes; check the file extension and type.",
  422: "Fix the invalid fields listed above.",
  429: "The rate limit was exceeded; wait for Retry-After and try again, or lower the request rate.",
  500: "The service failed internally; retry later.",
  502: "The service could not load stored issue or topic detail; retry later.",
});

/**
 * Hints that depend on the operation as well as the status (part 7: a 404 on issues or topics
 * also means the asset has not finished processing).
 */
export const OPERATION_STATUS_HINTS: Readonly<Record<string, Readonly<Record<number, string>>>> =
  Object.freeze({
    listAssetIssues: {
      404: "Check the ids, or wait: issues are served only once the asset has finished processing.",
    },
    listAssetTopics: {
      404: "Check the ids, or wait: topics are served only once the asset has finished processing.",
    },
  });

/** Statuses that are safe to retry with backoff (part 7): only these. */
export const RETRYABLE_STATUSES: readonly number[] = Object.freeze([429, 500, 502]);
