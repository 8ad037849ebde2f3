import type { ReviewOutcome } from "../../../pipeline/index.ts";
import { plural } from "../../../policy/index.ts";
import { describeReuse } from "../../../report/index.ts";
import type { ProgressTask } from "../../create-progress.ts";
import type { Session } from "../../create-session.ts";
import { finishedAssets } from "../../wait-with-progress.ts";

/** Progress of the pipeline: a bar (or lines) per upload, then one for the wait. */
export function reviewProgressEvents(session: Session) {
  const uploads = new Map<string, ProgressTask>();
  let wait: ProgressTask | undefined;
  return {
    onUploadStart: (e: { file: { path: string; displayPath: string }; size: number }) =>
      uploads.set(
        e.file.path,
        session.progress.task(`upload ${e.file.displayPath}`, e.size, "bytes"),
      ),
    onUploadProgress: (e: { file: { path: string }; bytesSent: number }) =>
      uploads.get(e.file.path)?.update(e.bytesSent),
    // A finished upload's task goes: 3,000 files kept 3,000 sets of closures to the end.
    onUploadDone: (a: { file: { path: string } }) => {
      uploads.get(a.file.path)?.finish();
      uploads.delete(a.file.path);
    },
    onSandboxAsset: (a: { file: { displayPath: string } }) =>
      session.progress.line(
        `sandbox ${a.file.displayPath}: not uploaded (its name sets the outcome)`,
      ),
    // A skipped file is not a progress line: the report's Skipped section names it, once.
    onEstimate: (e: { totalCredits: number }) =>
      session.progress.line(`estimate: ${plural(e.totalCredits, "credit")}`),
    onSubmitted: (e: { submissionId: string; assetCount: number }) =>
      session.progress.line(`submitted ${plural(e.assetCount, "asset")} as ${e.submissionId}`),
    onPoll: (s: Parameters<typeof finishedAssets>[0]) => {
      wait ??= session.progress.task(`submission ${s.submissionId}`, s.assets.length, "assets");
      wait.update(finishedAssets(s), s.status);
      if (s.status === "complete" || s.status === "partial" || s.status === "failed") {
        wait.finish(s.status);
        wait = undefined;
      }
    },
    onRetry: (e: { round: number; assetIds: readonly string[] }) =>
      session.progress.line(
        `retry round ${e.round}: re-running ${plural(e.assetIds.length, "failed asset")}`,
      ),
    onReused: (a: ReviewOutcome["assets"][number]) =>
      session.progress.line(
        `reused ${a.file.displayPath}: ${a.reused === null ? "unchanged" : describeReuse(a.reused)}`,
      ),
    onReuseRejected: (e: { message: string }) => session.progress.line(e.message),
  };
}
