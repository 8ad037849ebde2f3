// Accepted findings (issue 32): the rules the Action and the CLI share. Plain values in, plain
// values out; reading the file from disk or GitHub is the callers' (see read-accepted-file.ts).

export { acceptEntryYaml } from "./accept-entry-yaml.ts";
export { acceptId } from "./accept-id.ts";
export { ACCEPTANCE_POLICY, type AcceptedKey } from "./acceptance-policy.ts";
export type {
  Acceptance,
  AcceptanceProblem,
  AcceptedEntry,
  AcceptedFile,
} from "./accepted-entry.ts";
export { codeownersCovers } from "./codeowners-covers.ts";
export { codeownersWarning } from "./codeowners-warning.ts";
export {
  matchAccepted,
  type UnmatchedEntry,
  type VersionAcceptance,
  type VersionFindings,
} from "./match-accepted.ts";
export { parseAcceptedFile } from "./parse-accepted-file.ts";
export { parseAcceptedText, readAcceptedFile } from "./read-accepted-file.ts";
export { latestExpiry, utcDay } from "./utc-day.ts";
