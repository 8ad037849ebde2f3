import { createHash } from "node:crypto";
import type { SubmissionLink } from "../relay-event.ts";

/** Visible ASCII, 1 to 255 characters: what an `Idempotency-Key` may hold here. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The journal id of a link registration, which the journal dedupes on. With an
 * `Idempotency-Key` header (an sf-string, quoted or not) the key names the link, so a retry or a
 * re-run of the job is journaled once. Without one (an older Action) the link's own identity
 * does: the repository, the commit, the submission and the status context.
 */
export function linkEntryId(
  header: string | undefined,
  link: SubmissionLink,
): { ok: true; id: string } | { ok: false; message: string } {
  if (header !== undefined) {
    const key = header.trim().replace(/^"(.*)"$/, "$1");
    if (!KEY_PATTERN.test(key)) {
      return {
        ok: false,
        message:
          "Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces), optionally in double quotes.",
      };
    }
    return { ok: true, id: `link:key:${key}` };
  }
  const natural = createHash("sha256")
    .update([link.repository, link.sha, link.submissionId, link.context].join("\u0000"))
    .digest("hex");
  return { ok: true, id: `link:natural:${natural}` };
}
