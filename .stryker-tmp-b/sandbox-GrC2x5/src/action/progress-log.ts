// @ts-nocheck
import type { Submission } from "../api/index.ts";
import type { PipelineEvents } from "../pipeline/index.ts";
import { describeReuse } from "../report/index.ts";

/** Uploads at least this large also log their progress in percent. */
export const LARGE_FILE_BYTES = 10 * 1024 * 1024;
/** Percent steps logged for a large upload. */
export const PROGRESS_STEP_PERCENT = 25;

export interface ProgressLogger {
  readonly info: (message: string) => void;
  readonly warning: (message: string, file?: string) => void;
}

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

function credits(n: number): string {
  return `${n} ${n === 1 ? "credit" : "credits"}`;
}

function pollLine(s: Submission): string {
  const done = s.assets.filter((a) => a.status === "complete" || a.status === "failed").length;
  return `Submission ${s.status}: ${done} of ${s.assets.length} files done.`;
}

/**
 * Pipeline events as log lines: one per file, a percentage every 25% for large uploads, the
 * credits per file and in total, and each change of the submission's state (not every poll).
 */
export function progressLog(log: ProgressLogger): PipelineEvents {
  const logged = new Map<string, number>();
  let lastPoll = "";
  return {
    onUploadStart: ({ file, size: bytes, index, total }) =>
      log.info(`Uploading ${index + 1}/${total} ${file.displayPath} (${size(bytes)})`),
    onUploadProgress: ({ file, bytesSent, totalBytes }) => {
      if (totalBytes < LARGE_FILE_BYTES) return;
      const percent =
        Math.floor((bytesSent / totalBytes) * (100 / PROGRESS_STEP_PERCENT)) *
        PROGRESS_STEP_PERCENT;
      if (percent <= (logged.get(file.displayPath) ?? 0) || percent >= 100) return;
      logged.set(file.displayPath, percent);
      log.info(`  ${file.displayPath}: ${percent}% of ${size(totalBytes)}`);
    },
    onUploadDone: (asset) => log.info(`Uploaded ${asset.file.displayPath}`),
    onSandboxAsset: (asset) =>
      log.info(`Sandbox: ${asset.file.displayPath} is not uploaded (its name sets the outcome).`),
    onUploadSkipped: (skipped) =>
      log.warning(
        `Skipped ${skipped.file.displayPath}: ${skipped.message}`,
        skipped.file.displayPath,
      ),
    onEstimate: (estimate) => {
      for (const f of estimate.files) {
        log.info(
          `  ${f.file.displayPath}: ${f.priceable ? credits(f.credits) : "not priced (0 credits)"}`,
        );
      }
      log.info(`Estimate: ${credits(estimate.totalCredits)} for ${estimate.files.length} files.`);
    },
    onSubmitted: ({ submissionId, assetCount }) =>
      log.info(`Submitted ${assetCount} files as submission ${submissionId}.`),
    onPoll: (submission) => {
      const line = pollLine(submission);
      if (line !== lastPoll) log.info(line);
      lastPoll = line;
    },
    onRetry: ({ round, assetIds }) =>
      log.info(`Retry round ${round}: re-running ${assetIds.length} failed files.`),
    onRecordIgnored: ({ message }) => log.info(message),
    onReused: (asset) =>
      log.info(
        `${asset.file.displayPath}: ${asset.reused === null ? "unchanged" : describeReuse(asset.reused)}; its review is reused (no upload, no credits).`,
      ),
    onReuseRejected: ({ message }) => log.info(message),
    onResults: (asset) => {
      if (asset.status === "failed")
        log.warning(
          `${asset.file.displayPath}: review failed: ${asset.failure?.errorMessage ?? "no message"}`,
          asset.file.displayPath,
        );
    },
  };
}
