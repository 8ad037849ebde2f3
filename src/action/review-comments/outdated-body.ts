import { CHECK_SUMMARY_LIMIT } from "../../report/index.ts";
import { OUTDATED_MARKER, RESOLVE_PENDING_MARKER } from "./review-fingerprint.ts";
import { type CommentSigning, signComment, signedMarkerLength } from "./signed-comment.ts";

/**
 * The notice that replaces a comment whose file or line has no findings any more: `earlier` is
 * the comment's body without its marker (as verified), `fields` its marker's fields. The earlier
 * findings fold into `<details>`; when the whole does not fit in a comment, they are cut (with
 * their own HTML tags taken out, so nothing is left open). The marker is kept with the same
 * fields and signed again for the new body, so that the next run still knows the comment as its
 * own. With `resolvePending`, the notice says its thread is still to be resolved (see
 * `RESOLVE_PENDING_MARKER`).
 */
export function outdatedBody(
  earlier: string,
  fields: string,
  sha: string,
  signing: CommentSigning,
  options: { resolvePending?: boolean } = {},
): string {
  const pending = options.resolvePending === true ? RESOLVE_PENDING_MARKER : "";
  const note = `${OUTDATED_MARKER}${pending}\n> [!NOTE]\n> Outdated: no findings here as of ${sha.slice(0, 12)}.\n\n`;
  const open = "<details><summary>Earlier findings</summary>\n\n";
  const close = "\n\n</details>";
  const whole = signComment(`${note}${open}${earlier}${close}`, fields, signing);
  if (whole.length <= CHECK_SUMMARY_LIMIT) return whole;
  const cutNote = "\n\n(cut: the earlier findings are longer than a comment can hold)";
  const room =
    CHECK_SUMMARY_LIMIT -
    note.length -
    open.length -
    close.length -
    cutNote.length -
    signedMarkerLength(fields);
  const flat = earlier.replace(/<\/?details>|<\/?summary>/g, "");
  const cut = flat.slice(0, room);
  const atLine = cut.lastIndexOf("\n");
  return signComment(
    `${note}${open}${atLine > 0 ? cut.slice(0, atLine) : cut}${cutNote}${close}`,
    fields,
    signing,
  );
}
