import { parse, stringify } from "yaml";
import { utcDay } from "../../src/acceptance/index.ts";
import { FAIL_ON_VALUES, type FailOn, meetsThreshold } from "../../src/policy/index.ts";

/** What `--accept` reads of the first run's JSON report (`report-path`). */
interface ReportShape {
  readonly failOn?: string;
  readonly assets?: readonly {
    readonly path: string;
    readonly content: string | null;
    readonly issues: readonly {
      readonly acceptId: string;
      readonly severity: string;
      readonly accepted: unknown;
    }[];
  }[];
}

/** An issue that failed the first run, as the acceptance names it. */
export interface BlockingIssue {
  readonly path: string;
  readonly content: string;
  readonly acceptId: string;
  readonly severity: string;
}

/** What `--accept` does after the first run: run again with `yaml` as the accepted file, or stop. */
export type AcceptancePlan =
  | { readonly kind: "accept"; readonly issues: readonly BlockingIssue[]; readonly yaml: string }
  | { readonly kind: "stop"; readonly why: string };

/** How long the rehearsal's acceptance lasts: it is a rehearsal's, never meant to be committed. */
const REHEARSAL_DAYS = 30;

/**
 * Plans `--accept` from the first run's exit code and JSON report: one entry per issue that
 * blocked it (at or above `fail-on`, not accepted), after the entries of the file the first run
 * read (`existing`), so that what it accepted stays accepted. Stops, saying why, when the first
 * run passed or failed for another reason than a finding that can be accepted.
 */
export function planAcceptance(options: {
  exitCode: number | null;
  report: unknown;
  existing: string | undefined;
  now: Date;
}): AcceptancePlan {
  if (options.exitCode === 0)
    return {
      kind: "stop",
      why: "the step passed: nothing blocks it, so there is nothing to accept",
    };
  const report = (options.report ?? {}) as ReportShape;
  const failOn = FAIL_ON_VALUES.find((v) => v === report.failOn) as FailOn | undefined;
  const issues: BlockingIssue[] = [];
  for (const asset of report.assets ?? []) {
    if (asset.content === null) continue;
    for (const issue of asset.issues) {
      if (issue.accepted !== null || failOn === undefined) continue;
      if (!meetsThreshold(issue.severity, failOn)) continue;
      const { acceptId, severity } = issue;
      issues.push({ path: asset.path, content: asset.content, acceptId, severity });
    }
  }
  if (issues.length === 0)
    return {
      kind: "stop",
      why: "the step failed without a finding at or above fail-on to accept (see its log): an acceptance cannot make it pass",
    };
  const expires = utcDay(new Date(options.now.getTime() + REHEARSAL_DAYS * 86_400_000));
  const entries = issues.map((i) => ({
    path: i.path,
    content: i.content,
    issue: i.acceptId,
    reason: "try-action --accept: a rehearsal of accepting this finding",
    "accepted-by": "@try-action",
    expires,
  }));
  return {
    kind: "accept",
    issues,
    yaml: stringify({ accepted: [...existingEntries(options.existing), ...entries] }),
  };
}

/** The entries of the file the first run read, as written; none when it holds no list. */
function existingEntries(text: string | undefined): unknown[] {
  if (text === undefined) return [];
  try {
    const doc = parse(text) as { accepted?: unknown } | null;
    return Array.isArray(doc?.accepted) ? doc.accepted : [];
  } catch {
    // A file that is not YAML accepted nothing in the first run either.
    return [];
  }
}
