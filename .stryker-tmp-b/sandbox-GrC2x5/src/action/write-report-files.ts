// @ts-nocheck
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { ReviewOutcome } from "../pipeline/index.ts";
import { renderJsonReport, renderSarif } from "../report/index.ts";

/** Writes the JSON report (always) and the SARIF file (when a path is given). */
export async function writeReportFiles(options: {
  outcome: ReviewOutcome;
  reportPath: string;
  sarifPath: string | undefined;
  tool: { name: string; version: string; informationUri?: string };
}): Promise<void> {
  const { outcome, tool } = options;
  await mkdir(dirname(options.reportPath), { recursive: true });
  await writeFile(
    options.reportPath,
    `${JSON.stringify(renderJsonReport(outcome, { name: tool.name, version: tool.version }), null, 2)}\n`,
  );
  if (options.sarifPath !== undefined) {
    await mkdir(dirname(options.sarifPath), { recursive: true });
    const sarif = renderSarif(outcome, {
      toolName: tool.name,
      toolVersion: tool.version,
      ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
    });
    await writeFile(options.sarifPath, `${JSON.stringify(sarif, null, 2)}\n`);
  }
}
