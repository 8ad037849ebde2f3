import { type AcceptedFile, matchAccepted } from "../acceptance/index.ts";
import type { AssetReview, OutcomeAcceptance } from "./review-outcome.ts";

/**
 * The assets with the issues the accepted file accepts (see `matchAccepted`), and what the file
 * did. Applied where the conclusion is computed, and never recorded: a removed or expired entry
 * makes the same review fail again, with nothing uploaded or charged (issue 32).
 */
export function applyAcceptance(
  assets: readonly AssetReview[],
  file: AcceptedFile | undefined,
): { assets: AssetReview[]; acceptance: OutcomeAcceptance | null } {
  if (file === undefined) return { assets: [...assets], acceptance: null };
  const matched = matchAccepted(
    assets.map((a) => ({ path: a.file.displayPath, content: a.file.version, issues: a.issues })),
    file,
  );
  const accepted = assets.map((asset, i) => {
    const version = matched.versions[i]!;
    return { ...asset, accepted: version.accepted, expiredAcceptances: version.expired };
  });
  return {
    assets: accepted,
    acceptance: {
      file,
      acceptedCount: accepted.reduce((n, a) => n + a.accepted.size, 0),
      unmatched: matched.unmatched,
    },
  };
}
