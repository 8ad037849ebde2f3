// The public surface of the typed API layer. Everything else in src/api is internal.

export { formatBytes } from "../shared/format-bytes.ts";
export { redact, redactUrl, redactValue } from "../shared/redact.ts";
export { type RequestDeadline, requestDeadline } from "../shared/request-deadline.ts";
export { sleep } from "../shared/sleep.ts";
export { type KeyEnvironment, parseApiKey } from "./api-key.ts";
export { baseUrlProblem } from "./base-url-problem.ts";
export { type CheckedFile, checkLocalFile } from "./check-local-file.ts";
export type { ClientOptions, RequestEvent, ResponseEvent, RetryEvent } from "./client-options.ts";
export { type CallOptions, ContentReviewClient, type PageQuery } from "./content-review-client.ts";
export {
  AmbiguousRequestError,
  isAmbiguousRequestError,
} from "./errors/ambiguous-request-error.ts";
export { ConfigurationError, isConfigurationError } from "./errors/configuration-error.ts";
export { ContentReviewError, isContentReviewError } from "./errors/content-review-error.ts";
export { DomainError, type DomainErrorBody, isDomainError } from "./errors/domain-error.ts";
export { HttpError, isHttpError } from "./errors/http-error.ts";
export {
  isLocalFileError,
  LocalFileError,
  type LocalFileProblem,
} from "./errors/local-file-error.ts";
export { isNetworkError, NetworkError } from "./errors/network-error.ts";
export { isRateLimitError, RateLimitError } from "./errors/rate-limit-error.ts";
export {
  isResponseValidationError,
  ResponseValidationError,
  type SchemaProblem,
} from "./errors/response-validation-error.ts";
export { RETRYABLE_STATUSES, STATUS_HINTS } from "./errors/status-hints.ts";
export {
  isTierNotAuthorizedError,
  TierNotAuthorizedError,
} from "./errors/tier-not-authorized-error.ts";
export { isTimeoutError, TimeoutError } from "./errors/timeout-error.ts";
export {
  type FieldProblem,
  isValidationError,
  ValidationError,
} from "./errors/validation-error.ts";
export { isWaitTimeoutError, WaitTimeoutError } from "./errors/wait-timeout-error.ts";
export { isWrongBaseUrlError } from "./errors/wrong-base-url.ts";
export type * from "./generated/types.gen.ts";
export { type AssetQuery, iterateAssets } from "./iterate-assets.ts";
export {
  CATEGORY_SIZE_LIMITS,
  MEDIA_TYPES,
  type MediaCategory,
  type MediaType,
  mediaTypeForFilename,
  mediaTypeForMime,
  SUPPORTED_EXTENSIONS,
  sizeLimitForMime,
} from "./media-types.ts";
export {
  agentFor,
  PROXY_VARIABLES,
  type ProxyEnv,
  type ProxyRoutes,
  proxyFromEnv,
} from "./proxy-from-env.ts";
export {
  AMBIGUOUS_FAILURE_HINTS,
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RetryPolicy,
  resolveRetryPolicy,
  UNSAFE_OPERATIONS,
} from "./retry-policy.ts";
export { hasSandboxMarker, SANDBOX_MARKERS, type SandboxMarker } from "./sandbox-markers.ts";
export {
  readApiKey,
  type ServiceConnectionCheck,
  serviceConnectionProblems,
} from "./service-connection-problems.ts";
export type { UploadedFile, UploadFileOptions, UploadProgress } from "./upload-file.ts";
export { PACKAGE_HOMEPAGE, PACKAGE_NAME, PACKAGE_VERSION, userAgent } from "./version.ts";
export {
  isTerminalStatus,
  TERMINAL_SUBMISSION_STATUSES,
  type WaitOptions,
  waitForSubmission,
} from "./wait-for-submission.ts";
