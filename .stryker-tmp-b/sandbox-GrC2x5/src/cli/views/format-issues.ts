// @ts-nocheck
import type { Issue, IssueListResponse, TopicsResponse } from "../../api/index.ts";
import { bySeverity, countBySeverity, formatSeverityCounts } from "../../policy/index.ts";
import type { Style } from "../create-style.ts";
import { formatTable } from "../format-table.ts";

function issueTable(issues: readonly Issue[], style: Style, emptyText: string): string {
  return formatTable(
    [
      { header: "ref", value: (i) => i.referenceNumber, align: "right" },
      { header: "severity", value: (i) => i.severity, paint: (text) => style.tone(text) },
      { header: "rule", value: (i) => i.ruleCode },
      { header: "summary", value: (i) => i.summary },
    ],
    [...issues].sort(bySeverity),
    emptyText,
  );
}

/** The flat issue list of an asset (part 2.6), most severe first, with counts. */
export function formatIssues(list: IssueListResponse, style: Style): string {
  const counts = formatSeverityCounts(countBySeverity(list.issues));
  return `${issueTable(list.issues, style, "(no issues)")}\n${list.total} issue${list.total === 1 ? "" : "s"}: ${counts}\n`;
}

/** Topics with their issues, then the orphan issues (part 2.7). */
export function formatTopics(response: TopicsResponse, style: Style): string {
  const parts: string[] = [];
  for (const topic of response.topics) {
    parts.push(
      `${style.bold(topic.title)} (${topic.topicType}, ${topic.issueCount} issue${topic.issueCount === 1 ? "" : "s"})\n${issueTable(topic.issues, style, "(no issues)")}`,
    );
  }
  if (response.topics.length === 0) parts.push("No topics.\n");
  parts.push(
    `${style.bold("Orphan issues")} (in no topic; this is expected)\n${issueTable(response.orphanIssues, style, "(none)")}`,
  );
  return parts.join("\n");
}
