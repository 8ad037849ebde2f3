// Severity and outcome policy: the one home below the pipeline, the reports, the Action, the CLI
// and the relay. Plain data and small pure functions; it imports nothing of the project.

export { plural } from "../shared/plural.ts";
export {
  CONCLUSION_BY_STATUS,
  CONCLUSION_LABELS,
  FAILING_CONCLUSIONS,
  type ReviewConclusion,
  type ReviewStatus,
} from "./conclusion.ts";
export { addSeverityCounts, formatSeverityCounts } from "./format-severity-counts.ts";
export {
  bySeverity,
  countBySeverity,
  DEFAULT_FAIL_ON,
  FAIL_ON_VALUES,
  type FailOn,
  meetsThreshold,
  noSeverityCounts,
  SEVERITIES,
  type SeverityCounts,
  severityRank,
} from "./severity.ts";
