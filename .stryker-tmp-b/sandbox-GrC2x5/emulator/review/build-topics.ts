// @ts-nocheck
import type { IssueRecord } from "../state/emulator-state.ts";
import { uuidFromName } from "../state/ids.ts";
import { TOPIC_TITLES } from "./review-rules.ts";

/** An issue as served: the internal `topicKey` is dropped. */
export function publicIssue(issue: IssueRecord): Record<string, unknown> {
  const { topicKey: _topicKey, ...rest } = issue;
  return rest;
}

/**
 * Groups issues into topics (part 2.7): first root-cause clusters (same topic key), then, among
 * the rest, issues that share a physical anchor (same page). A group needs two issues; lone
 * issues are orphans.
 */
export function buildTopics(assetId: string, issues: readonly IssueRecord[], at: string) {
  const topics: Record<string, unknown>[] = [];
  const grouped = new Set<string>();
  const byKey = groupBy(issues, (i) => i.topicKey);
  for (const [key, members] of byKey) {
    if (members.length < 2) continue;
    topics.push(topic(assetId, `root:${key}`, "root_cause", TOPIC_TITLES[key] ?? key, members, at));
    for (const m of members) grouped.add(m.id);
  }
  const rest = issues.filter((i) => !grouped.has(i.id));
  const byPage = groupBy(rest, (i) => {
    const anchor = i.anchor as { type?: string; page?: number } | undefined;
    return anchor?.type === "text" && typeof anchor.page === "number"
      ? `page ${anchor.page}`
      : null;
  });
  for (const [key, members] of byPage) {
    if (members.length < 2) continue;
    topics.push(topic(assetId, `anchor:${key}`, "shared_anchor", `Issues on ${key}`, members, at));
    for (const m of members) grouped.add(m.id);
  }
  const orphanIssues = issues.filter((i) => !grouped.has(i.id)).map(publicIssue);
  return {
    assetId,
    topics,
    orphanIssues,
    metadata: { totalTopics: topics.length, orphanIssueCount: orphanIssues.length },
  };
}

function groupBy(issues: readonly IssueRecord[], keyOf: (i: IssueRecord) => string | null) {
  const groups = new Map<string, IssueRecord[]>();
  for (const issue of issues) {
    const key = keyOf(issue);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), issue]);
  }
  return groups;
}

function topic(
  assetId: string,
  key: string,
  topicType: string,
  title: string,
  members: readonly IssueRecord[],
  at: string,
): Record<string, unknown> {
  const critical = members.filter((m) => m.severity === "critical").length;
  const open = members.filter((m) => m.status !== "resolved").length;
  return {
    id: uuidFromName(`topic:${assetId}:${key}`),
    assetId,
    topicType,
    title,
    issueCount: members.length,
    summary: {
      totalIssues: members.length,
      criticalIssues: critical,
      resolvedIssues: members.length - open,
      openIssues: open,
      text: `${members.length} related issues${critical ? `, ${critical} critical` : ""}: ${title.toLowerCase()}.`,
    },
    issues: members.map(publicIssue),
    createdAt: at,
    updatedAt: at,
    anchor: members[0]?.anchor ?? {},
  };
}
