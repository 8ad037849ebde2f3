import { httpStatusOf } from "../../src/shared/http-status-of.ts";
import { type CallOutcome, DestinationError, neverConnected } from "../effects/index.ts";

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** A failed GitHub call as a destination error, its HTTP status kept when there is one. */
function failure(
  host: string,
  operation: string,
  outcome: CallOutcome,
  reason: string,
  error: unknown,
): DestinationError {
  const status = httpStatusOf(error);
  return new DestinationError(
    {
      destination: "GitHub",
      host,
      operation,
      outcome,
      reason,
      ...(status === null ? {} : { status }),
    },
    { cause: error },
  );
}

/** What a failed call to GitHub did: a 4xx (rate limits included) set nothing; else unknown. */
export function githubError(host: string, operation: string, error: unknown): DestinationError {
  const status = httpStatusOf(error);
  // A 4xx is a refusal (rate limits included): nothing was set. A "500" from Octokit may be
  // a real 5xx or a request that never got an answer.
  const refused = status !== null && status >= 400 && status < 500;
  const outcome: CallOutcome = refused || neverConnected(error) ? "not-performed" : "unknown";
  const reason = refused
    ? `HTTP ${status} ${error instanceof Error ? error.message : ""}`.trim()
    : messageOf(error);
  return failure(host, operation, outcome, reason, error);
}

/**
 * Why an App's installation token could not be had. Getting it never sets a status, so any
 * failure is one that certainly changed nothing; the reason says what to fix.
 */
export function installationError(
  host: string,
  appId: string | undefined,
  repository: string,
  error: unknown,
): DestinationError {
  const status = httpStatusOf(error);
  const reason =
    status === 404
      ? `the GitHub App ${appId} is not installed on ${repository}: install it on the repository (or its owner) with the "Commit statuses: write" permission`
      : status === 401
        ? `GitHub refused the App's credentials (HTTP 401): check GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY`
        : messageOf(error);
  return failure(host, "apps.createInstallationAccessToken", "not-performed", reason, error);
}
