import { describe, expect, it } from "vitest";
import { deriveCommentKey } from "../../../src/action/review-comments/derive-comment-key.ts";
import { outdatedBody } from "../../../src/action/review-comments/outdated-body.ts";
import {
  FINGERPRINT_PREFIX,
  fingerprintFields,
  OUTDATED_MARKER,
} from "../../../src/action/review-comments/review-fingerprint.ts";
import {
  commentSigning,
  readSignedComment,
} from "../../../src/action/review-comments/signed-comment.ts";
import { CHECK_SUMMARY_LIMIT } from "../../../src/report/index.ts";
import { LIVE_SCOPE } from "../signing/signing-fixture.ts";

const SIGNING = commentSigning(
  deriveCommentKey("sk_test_abcdefgh12345678", LIVE_SCOPE),
  "octo",
  "media",
  7,
);
const fields = (path: string, line?: number) => fingerprintFields("CR", path, line);

describe("outdatedBody", () => {
  const marker = `<!-- ${FINGERPRINT_PREFIX} ${fields("m/a.png")} sig=`;

  it("outdatedBody folds the earlier findings and keeps the fingerprint, signed for the new body", () => {
    const body = outdatedBody(
      "**CR**: 1 major\n\n- finding",
      fields("m/a.png"),
      "f".repeat(40),
      SIGNING,
    );
    expect(body).toContain(OUTDATED_MARKER);
    expect(body).toContain("<details><summary>Earlier findings</summary>");
    expect(body).toContain("- finding");
    expect(body).toMatch(/<\/details>\n\n<!-- content-review:file [^>]* -->$/);
    expect(body.split(marker)).toHaveLength(2);
    expect(readSignedComment(body, SIGNING)).toMatchObject({
      kind: "signed",
      fields: fields("m/a.png"),
    });
  });

  it("outdatedBody cuts a body too long for a comment, keeps the fingerprint and closes its <details>", () => {
    const finding = "- finding\n  <details><summary>Details</summary>\n\n  text\n\n  </details>\n";
    const previous = finding.repeat(Math.ceil(CHECK_SUMMARY_LIMIT / finding.length) + 10);
    const body = outdatedBody(previous, fields("m/a.png", 123456), "f".repeat(40), SIGNING);
    expect(body.length).toBeLessThanOrEqual(CHECK_SUMMARY_LIMIT);
    expect(body).toMatch(/<\/details>\n\n<!-- content-review:file [^>]* -->$/);
    expect(readSignedComment(body, SIGNING).kind).toBe("signed");
    expect(body.match(/<details>/g)).toHaveLength(1);
    expect(body.match(/<\/details>/g)).toHaveLength(1);
    expect(body).toContain("(cut:");
  });
});
