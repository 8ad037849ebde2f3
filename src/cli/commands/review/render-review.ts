import { PACKAGE_NAME, PACKAGE_VERSION } from "../../../api/index.ts";
import type { ReviewOutcome } from "../../../pipeline/index.ts";
import {
  prettyJsonChunks,
  renderJsonReport,
  renderJunit,
  renderMarkdownReport,
  renderSarif,
} from "../../../report/index.ts";
import type { OutputStream } from "../../cli-io.ts";
import type { Session } from "../../create-session.ts";
import { formatReview } from "../../views/format-review.ts";
import type { ReviewFormat } from "./plan-review.ts";

const TOOL = { name: PACKAGE_NAME, version: PACKAGE_VERSION };

/**
 * Renders the outcome in one of the shared report formats (src/report), in chunks: JSON and
 * SARIF of thousands of files are never one string in memory.
 */
export function renderReview(
  outcome: ReviewOutcome,
  format: ReviewFormat,
  session: Session,
): Iterable<string> {
  switch (format) {
    case "json":
      return prettyJsonChunks(renderJsonReport(outcome, TOOL));
    case "markdown":
      return [renderMarkdownReport(outcome, { chart: true })];
    case "sarif":
      return prettyJsonChunks(
        renderSarif(outcome, { toolName: "content-review", toolVersion: PACKAGE_VERSION }),
      );
    case "junit":
      return [renderJunit(outcome)];
    case "text":
      return [textReport(outcome, session)];
  }
}

/** Writes a rendered report to a stream, chunk by chunk. */
export function writeChunks(stream: OutputStream, chunks: Iterable<string>): void {
  for (const chunk of chunks) stream.write(chunk);
}

/** The text report, naming the service's address should it have been out of reach. */
export function textReport(outcome: ReviewOutcome, session: Session): string {
  return formatReview(outcome, session.style, { baseUrl: session.config().baseUrl });
}
