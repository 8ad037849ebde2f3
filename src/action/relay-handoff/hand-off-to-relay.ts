import type { ReviewOutcome } from "../../pipeline/index.ts";
import { plural } from "../../policy/index.ts";
import type { GithubClient } from "../github/create-github-client.ts";
import type { GithubContext } from "../github/read-github-context.ts";
import type { ActionInputs } from "../resolve-action-inputs.ts";
import { registerWithRelay } from "./register-with-relay.ts";
import { startTraceparent, traceIdOf } from "./start-traceparent.ts";

/** How long the relay may take to accept the link, its retries included. */
const RELAY_TIMEOUT_MS = 30_000;

/**
 * `wait: false`: a pending commit status, then the relay takes over (it finishes the status when
 * the service's webhook arrives). Throws when the relay cannot take the submission, after closing
 * the status with an error: a pending status nobody will finish is worse than an error.
 */
export async function handOffToRelay(options: {
  github: GithubClient;
  context: GithubContext;
  inputs: ActionInputs;
  outcome: ReviewOutcome;
  fetch: typeof globalThis.fetch | undefined;
  info: (message: string) => void;
  warning: (message: string) => void;
  warn: (what: string, error: unknown) => void;
  /** @default a new trace ({@link startTraceparent}) */
  traceparent?: string;
}): Promise<void> {
  const { github, context, inputs, outcome } = options;
  try {
    await github.rest.repos.createCommitStatus({
      owner: context.owner,
      repo: context.repo,
      sha: context.sha,
      state: "pending",
      context: inputs.checkName,
      description:
        `Review of ${plural(outcome.uploaded.length, "file")} submitted; waiting for results.`.slice(
          0,
          140,
        ),
    });
  } catch (error) {
    options.warn("Could not set the pending commit status", error);
  }
  if (inputs.relayUrl === undefined || inputs.relayToken === undefined) {
    options.warning(
      "wait is false and relay-url is not set: nothing will finish the pending status. Set relay-url to let the relay report the results.",
    );
    return;
  }
  const traceparent = options.traceparent ?? startTraceparent();
  try {
    await registerWithRelay({
      relayUrl: inputs.relayUrl,
      relayToken: inputs.relayToken,
      traceparent,
      signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      link: {
        submissionId: outcome.submissionId!,
        repository: `${context.owner}/${context.repo}`,
        sha: context.sha,
        pullRequest: context.pullRequest?.number,
        context: inputs.checkName,
        assetCount: outcome.uploaded.length,
        failOn: inputs.failOn,
        ...(context.pullRequest?.author ? { author: context.pullRequest.author } : {}),
      },
    });
    options.info(
      `Registered submission ${outcome.submissionId} with the relay; it will finish the "${inputs.checkName}" status (trace ${traceIdOf(traceparent)}).`,
    );
  } catch (error) {
    await github.rest.repos
      .createCommitStatus({
        owner: context.owner,
        repo: context.repo,
        sha: context.sha,
        state: "error",
        context: inputs.checkName,
        description: "Could not hand the review to the relay; re-run the job.",
      })
      .catch(() => {});
    throw error;
  }
}
