import type { AcceptedFile } from "../../acceptance/index.ts";
import type { OutcomeAcceptance } from "../../pipeline/index.ts";

/** Where the Action's annotations go: `@actions/core`'s error and notice, in the run. */
export interface AnnotationSink {
  error(message: string, properties: { file: string; startLine: number; title: string }): void;
  notice(message: string, properties: { file: string; startLine: number; title: string }): void;
}

/** One error annotation per bad entry of the accepted file, at its line (issue 32). */
export function announceAcceptanceProblems(file: AcceptedFile, sink: AnnotationSink): void {
  for (const problem of file.problems)
    sink.error(problem.message, {
      file: file.path,
      startLine: problem.line,
      title: "Accepted finding not applied",
    });
}

/** One notice per entry that accepts nothing in this run: it can be removed. */
export function announceUnmatched(
  acceptance: OutcomeAcceptance | null | undefined,
  sink: AnnotationSink,
): void {
  for (const { entry, why } of acceptance?.unmatched ?? [])
    sink.notice(`This entry accepts nothing in this run: ${why}. It can be removed.`, {
      file: acceptance!.file.path,
      startLine: entry.line,
      title: "Accepted finding matches nothing",
    });
}
