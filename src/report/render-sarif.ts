import { createHash } from "node:crypto";
import type { Acceptance } from "../acceptance/index.ts";
import { type Issue, PACKAGE_HOMEPAGE } from "../api/index.ts";
import { issueIdentity, type ReviewOutcome } from "../pipeline/index.ts";
import { severityRank } from "../policy/index.ts";
import { artifactUri } from "./artifact-uri.ts";
import { issueLocationIn } from "./issue-location.ts";
import { renderSarifRule, sarifLevel } from "./render-sarif-rule.ts";

/** Options of {@link renderSarif}. */
export interface SarifOptions {
  /** The tool's name, shown by code scanning to filter alerts. @default "Content Review" */
  readonly toolName?: string;
  readonly toolVersion?: string;
  /** Where to learn about the tool. @default the package's page */
  readonly informationUri?: string;
}

/** The SARIF 2.1.0 schema that code scanning documents for `$schema`. */
const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/**
 * SARIF 2.1.0 for code scanning upload, in the subset GitHub documents ("SARIF support for code
 * scanning"): one result per issue, one rule per rule code. A finding in a text file points at
 * its line, with the quoted text as the snippet; any other finding is about its whole file, so it
 * has no region (code scanning then shows it on the file, not on a made-up line 1).
 *
 * Fingerprints survive re-runs so alerts are not duplicated: `contentReviewIssue/v1` on every
 * result, and `primaryLocationLineHash` (the only one code scanning reads) on whole-file results,
 * for which upload-sarif cannot compute one from a line.
 */
export function renderSarif(
  outcome: ReviewOutcome,
  options: SarifOptions = {},
): Record<string, unknown> {
  const rules = new Map<string, { issue: Issue; severity: string }>();
  const found: Found[] = [];
  for (const asset of outcome.assets) {
    for (const issue of asset.issues) {
      const ruleId = issue.ruleCode ?? issue.ruleId ?? "content-review";
      const known = rules.get(ruleId);
      if (!known || severityRank(issue.severity) < severityRank(known.severity)) {
        rules.set(ruleId, { issue, severity: issue.severity });
      }
      found.push({
        ruleId,
        path: asset.file.displayPath,
        issue,
        accepted: asset.accepted?.get(issue.id),
      });
    }
  }
  const ruleIndex = new Map([...rules.keys()].map((id, i) => [id, i]));
  const occurrences = new Map<string, number>();
  const results = found.map((f) => sarifResult(f, ruleIndex.get(f.ruleId), occurrences));
  const version = options.toolVersion;
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: options.toolName ?? "Content Review",
            ...(version ? { version, semanticVersion: version } : {}),
            informationUri: options.informationUri ?? PACKAGE_HOMEPAGE,
            rules: [...rules].map(([id, { issue, severity }]) =>
              renderSarifRule(id, issue, severity),
            ),
          },
        },
        results,
      },
    ],
  };
}

/** An issue found in a file, under its rule, with its acceptance if people accepted it. */
interface Found {
  readonly ruleId: string;
  readonly path: string;
  readonly issue: Issue;
  readonly accepted: Acceptance | undefined;
}

/**
 * One SARIF result: its location (a line, or the whole file), fingerprints that survive re-runs
 * (`occurrences` counts each fingerprint so far), and a suppression for an accepted finding.
 */
function sarifResult(
  { ruleId, path, issue, accepted }: Found,
  ruleIndex: number | undefined,
  occurrences: Map<string, number>,
): Record<string, unknown> {
  const fingerprint = createHash("sha256")
    .update(`${path}\u0000${issueIdentity(issue)}`)
    .digest("hex");
  const location = issueLocationIn(path, issue);
  const occurrence = (occurrences.get(fingerprint) ?? 0) + 1;
  occurrences.set(fingerprint, occurrence);
  return {
    ruleId,
    ruleIndex,
    level: sarifLevel(issue.severity),
    message: { text: `${issue.severity}: ${issue.summary}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: artifactUri(path) },
          ...(location
            ? {
                region: {
                  startLine: location.line,
                  ...(location.quote ? { snippet: { text: location.quote } } : {}),
                },
              }
            : {}),
        },
      },
    ],
    partialFingerprints: {
      "contentReviewIssue/v1": fingerprint,
      ...(location ? {} : { primaryLocationLineHash: `${fingerprint.slice(0, 16)}:${occurrence}` }),
    },
    // An accepted finding is suppressed where people decided it: the accepted file (issue 32).
    ...(accepted === undefined
      ? {}
      : {
          suppressions: [
            {
              kind: "external",
              status: "accepted",
              justification: `${accepted.reason} (accepted by ${accepted.by}, until ${accepted.expires})`,
            },
          ],
        }),
    properties: {
      severity: issue.severity,
      ...(issue.sidekickName ? { sidekick: issue.sidekickName } : {}),
    },
  };
}
