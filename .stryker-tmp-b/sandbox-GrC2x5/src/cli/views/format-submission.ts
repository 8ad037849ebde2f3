// @ts-nocheck
import type { Submission } from "../../api/index.ts";
import type { Style } from "../create-style.ts";
import { formatFields, formatTable } from "../format-table.ts";

/** A submission (part 2.9): its status, then one row per asset with failure fields. */
export function formatSubmission(submission: Submission, style: Style): string {
  const fields = formatFields([
    ["submission", submission.submissionId],
    ["status", style.tone(submission.status)],
    ["created", submission.createdAt],
    ["completed", submission.completedAt],
    ...(submission.errorMessage ? [["error", submission.errorMessage] as const] : []),
  ]);
  const assets = formatTable(
    [
      { header: "asset id", value: (a) => a.assetId },
      {
        header: "file",
        value: (a) => a.filename ?? a.blobPath?.slice(a.blobPath.indexOf("/") + 1),
      },
      { header: "status", value: (a) => a.status, paint: (text) => style.tone(text) },
      { header: "issues", value: (a) => a.issueCount, align: "right" },
      {
        header: "retryable",
        value: (a) => (a.status === "failed" ? (a.isRetryable ?? false) : ""),
      },
      { header: "error", value: (a) => a.errorMessage },
    ],
    submission.assets,
    "(no assets)",
  );
  return `${fields}\n${assets}`;
}
