import { codeownersCovers } from "./codeowners-covers.ts";

/**
 * The job summary's warning when no CODEOWNERS rule covers the accepted file (issue 32), or
 * undefined when one does. `codeowners` is the text of the first CODEOWNERS file GitHub would
 * read, or undefined when there is none.
 */
export function codeownersWarning(
  acceptedPath: string,
  codeowners: string | undefined,
): string | undefined {
  if (codeowners !== undefined && codeownersCovers(codeowners, acceptedPath)) return undefined;
  const where =
    codeowners === undefined ? "There is no CODEOWNERS file" : "No CODEOWNERS rule covers it";
  return `${acceptedPath} decides which findings pass the gate, but nobody must review a change to it: ${where}. Add a rule such as \`/${acceptedPath} @your-org/legal\` to .github/CODEOWNERS and turn on "Require review from Code Owners" in the branch protection.`;
}
