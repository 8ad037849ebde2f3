// @ts-nocheck
// The runner emulation lives with the try-action command (users run it); tests use the same.
export {
  ACTION_ENTRY,
  type ActionRun,
  parseOutputFile,
  type RunActionOptions,
  runActionAsRunner as runAction,
} from "../../scripts/try-action/run-action-as-runner.ts";

import { pullRequestEvent as event } from "../../scripts/try-action/run-action-as-runner.ts";

/**
 * A pull_request `synchronize` event payload for `octo/media` (same-repository head unless
 * `fork`); `before` is the head before the push, as GitHub sends it.
 */
export function pullRequestEvent(
  number: number,
  headSha: string,
  fork = false,
  options: { before?: string } = {},
) {
  return {
    ...event({ repository: "octo/media", number, headSha, baseSha: "b".repeat(40), fork }),
    ...(options.before === undefined ? {} : { before: options.before, after: headSha }),
  };
}
