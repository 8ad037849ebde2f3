import type { ReviewOutcome } from "../pipeline/index.ts";
import { prettyJsonChunks, renderJsonReport, renderSarif } from "../report/index.ts";
import { writeFileAtomically } from "../shared/index.ts";

/**
 * Writes the JSON report (always) and the SARIF file (when a path is given), each whole or not
 * at all, and in chunks: a report of thousands of files is never one string in memory.
 */
export async function writeReportFiles(options: {
  outcome: ReviewOutcome;
  reportPath: string;
  sarifPath: string | undefined;
  tool: { name: string; version: string; informationUri?: string };
}): Promise<void> {
  const { outcome, tool } = options;
  await writeFileAtomically(
    options.reportPath,
    prettyJsonChunks(renderJsonReport(outcome, { name: tool.name, version: tool.version })),
  );
  if (options.sarifPath !== undefined) {
    const sarif = renderSarif(outcome, {
      toolName: tool.name,
      toolVersion: tool.version,
      ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
    });
    await writeFileAtomically(options.sarifPath, prettyJsonChunks(sarif));
  }
}
