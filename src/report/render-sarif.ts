import { createHash } from "node:crypto";
import type { Issue } from "../api/index.ts";
import { issueIdentity, type ReviewOutcome } from "../pipeline/index.ts";
import { severityRank } from "./severity.ts";

/** SARIF level per severity (policy as data): critical and major fail code scanning, minor warns. */
export const SARIF_LEVELS: Readonly<Record<string, "error" | "warning" | "note">> = Object.freeze({
  critical: "error",
  major: "error",
  minor: "warning",
  info: "note",
});

/** Options of {@link renderSarif}. */
export interface SarifOptions {
  readonly toolName?: string;
  readonly toolVersion?: string;
  readonly informationUri?: string;
}

function levelOf(severity: string): "error" | "warning" | "note" {
  return SARIF_LEVELS[severity.toLowerCase()] ?? "note";
}

/**
 * SARIF 2.1.0 for code scanning upload: one result per issue, at line 1 of its file (media has
 * no lines), one rule per rule code. Fingerprints survive re-runs so alerts are not duplicated.
 */
export function renderSarif(
  outcome: ReviewOutcome,
  options: SarifOptions = {},
): Record<string, unknown> {
  const rules = new Map<string, { issue: Issue; severity: string }>();
  const results: Record<string, unknown>[] = [];
  for (const asset of outcome.assets) {
    for (const issue of asset.issues) {
      const ruleId = issue.ruleCode ?? issue.ruleId ?? "content-review";
      const known = rules.get(ruleId);
      if (!known || severityRank(issue.severity) < severityRank(known.severity)) {
        rules.set(ruleId, { issue, severity: issue.severity });
      }
      const fingerprint = createHash("sha256")
        .update(`${asset.file.displayPath}\u0000${issueIdentity(issue)}`)
        .digest("hex");
      results.push({
        ruleId,
        level: levelOf(issue.severity),
        message: { text: `${issue.severity}: ${issue.summary}` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: asset.file.displayPath },
              region: { startLine: 1 },
            },
          },
        ],
        partialFingerprints: { "contentReviewIssue/v1": fingerprint },
        properties: {
          severity: issue.severity,
          ...(issue.sidekickName ? { sidekick: issue.sidekickName } : {}),
        },
      });
    }
  }
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: options.toolName ?? "Content Review",
            ...(options.toolVersion
              ? { version: options.toolVersion, semanticVersion: options.toolVersion }
              : {}),
            ...(options.informationUri ? { informationUri: options.informationUri } : {}),
            rules: [...rules].map(([id, { issue, severity }]) => ({
              id,
              name: id,
              shortDescription: { text: issue.severityReasoningHeadline || id },
              ...(issue.details ? { fullDescription: { text: issue.details } } : {}),
              defaultConfiguration: { level: levelOf(severity) },
              properties: { tags: ["content-review", severity] },
            })),
          },
        },
        results,
      },
    ],
  };
}
