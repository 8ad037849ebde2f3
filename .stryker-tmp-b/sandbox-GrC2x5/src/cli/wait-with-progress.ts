// @ts-nocheck
import { isTerminalStatus, type Submission } from "../api/index.ts";
import type { ProgressTask } from "./create-progress.ts";
import type { Session } from "./create-session.ts";

/** How long and how often to poll (from `--timeout` and `--poll-interval`). */
export interface WaitSettings {
  readonly timeoutSeconds: number;
  readonly pollIntervalSeconds: number;
}

/** Assets that reached a terminal state (part 3.1: complete or failed). */
export function finishedAssets(submission: Submission): number {
  return submission.assets.filter((a) => a.status === "complete" || a.status === "failed").length;
}

/**
 * Waits for a submission to reach a terminal status, showing how many assets have finished:
 * a bar on a terminal, a line per change otherwise.
 */
export async function waitWithProgress(
  session: Session,
  submissionId: string,
  settings: WaitSettings,
): Promise<Submission> {
  let task: ProgressTask | undefined;
  const show = (submission: Submission) => {
    task ??= session.progress.task(
      `submission ${submissionId}`,
      submission.assets.length,
      "assets",
    );
    task.update(finishedAssets(submission), submission.status);
  };
  const final = await session.client().waitForSubmission(submissionId, {
    timeoutMs: settings.timeoutSeconds * 1000,
    initialIntervalMs: settings.pollIntervalSeconds * 1000,
    ...(session.io.signal ? { signal: session.io.signal } : {}),
    onProgress: (submission) => {
      if (!isTerminalStatus(submission.status)) show(submission);
    },
  });
  show(final);
  task?.finish(final.status);
  return final;
}
