import { createHash } from "node:crypto";
import type { Issue } from "../api/index.ts";

/** JSON with the keys of every object sorted, so that the same anchor always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/**
 * The issue's accept id: 8 hex characters of a SHA-256 over its stable fields (rule, sidekick,
 * anchor, summary), never its `id`, which is new with every asset. The same issue of the same
 * file version always gets the same accept id; what binds it to the version is the entry's
 * `content` (issue 32).
 */
export function acceptId(
  issue: Pick<Issue, "ruleCode" | "ruleId" | "sidekickId" | "sidekickName" | "anchor" | "summary">,
): string {
  const fields = [
    (issue.ruleCode ?? issue.ruleId ?? "").toLowerCase(),
    issue.sidekickId ?? issue.sidekickName ?? "",
    canonical(issue.anchor ?? null),
    issue.summary.trim().replace(/\s+/g, " "),
  ];
  return createHash("sha256").update(fields.join("\u0000")).digest("hex").slice(0, 8);
}
