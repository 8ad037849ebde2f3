/**
 * Where a template names the toolkit: the Action (`content-review/content-review-toolkit@<ref>`)
 * and the CLI's install (`github:content-review/content-review-toolkit#<ref>`), each with the
 * comment that says which release the ref is (`# v1.0.0`), when there is one.
 */
const TOOLKIT_REF =
  /(content-review\/content-review-toolkit@|"github:content-review\/content-review-toolkit#)[^\s"#]+("?)(?:[ \t]+#[ \t]*[^\n]*)?$/gm;

/**
 * The template with every reference to the toolkit pinned to the release's full commit sha, the
 * tag in a comment (`@<sha> # v1.0.0`), as docs/action.md advises: a tag can be moved, a sha
 * cannot. Throws on a sha that is not 40 hex characters.
 */
export function pinTemplate(text: string, sha: string, tag: string): string {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error(`"${sha}" is not a full commit sha.`);
  return text.replace(
    TOOLKIT_REF,
    (_all, prefix: string, quote: string) => `${prefix}${sha}${quote} # ${tag}`,
  );
}
