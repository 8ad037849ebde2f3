// Left alive on purpose (`npm run test:mutation`): `\r\n?` read as `\r\n` in the line-ending
// normalisation (a lone CR, as old Mac text has it, is not a line ending GitHub writes).
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deriveRecordKey } from "../../../src/action/incremental/derive-record-key.ts";
import {
  COMMENT_KEY_LABEL,
  deriveCommentKey,
} from "../../../src/action/review-comments/derive-comment-key.ts";
import { fingerprintFields } from "../../../src/action/review-comments/review-fingerprint.ts";
import {
  commentSigning,
  readSignedComment,
  signComment,
  signedMarkerLength,
} from "../../../src/action/review-comments/signed-comment.ts";
import { LIVE_SCOPE, SANDBOX_SCOPE } from "../signing/signing-fixture.ts";

const SECRET = "sk_live_signedcommenttestkey000000001";
const SIGNING = commentSigning(deriveCommentKey(SECRET, LIVE_SCOPE), "Octo", "Media", 7);
const FIELDS = fingerprintFields("Content Review", "media/a.png");
const LINE_FIELDS = fingerprintFields("Content Review", "media/a.txt", 12);
const CONTENT = "**Content Review**: 1 major in this file.\n\n- a finding";

describe("signComment and readSignedComment", () => {
  it("signComment ends the content with a hidden marker that keeps the prefix and fields older tooling reads", () => {
    const body = signComment(CONTENT, LINE_FIELDS, SIGNING);
    expect(body.startsWith(`${CONTENT}\n\n`)).toBe(true);
    expect(body).toMatch(
      /\n\n<!-- content-review:file check=[0-9a-f]{16} path=[0-9a-f]{16} line=12 sig=[0-9a-f]{64} -->$/,
    );
    expect(body.length).toBe(CONTENT.length + signedMarkerLength(LINE_FIELDS));
  });

  it("signComment signs with HMAC-SHA256 over the purpose, the pull request, the fields and the content, under the key of the label, environment and repository", () => {
    // Computed apart from the module, so that the two cannot share a mistake.
    const key = createHmac("sha256", SECRET)
      .update(`${COMMENT_KEY_LABEL}\nlive\nocto/media\n`)
      .digest();
    const sig = createHmac("sha256", key)
      .update(`review-comment\nocto/media#7\n${FIELDS}\n${CONTENT}`)
      .digest("hex");
    expect(signComment(CONTENT, FIELDS, SIGNING)).toBe(
      `${CONTENT}\n\n<!-- content-review:file ${FIELDS} sig=${sig} -->`,
    );
  });

  it("readSignedComment verifies a signed body and gives its fields and content, whatever the line endings", () => {
    const body = signComment(CONTENT, LINE_FIELDS, SIGNING);
    const read = { kind: "signed", fields: LINE_FIELDS, content: CONTENT };
    expect(readSignedComment(body, SIGNING)).toEqual(read);
    expect(readSignedComment(body.replace(/\n/g, "\r\n"), SIGNING)).toEqual(read);
    // GitHub's owner and repository names are case-insensitive.
    expect(
      readSignedComment(
        body,
        commentSigning(deriveCommentKey(SECRET, LIVE_SCOPE), "octo", "media", 7),
      ),
    ).toEqual(read);
  });

  it("readSignedComment reads the marker at the end, whatever marker-like text the findings quote", () => {
    // A finding's text (a rule code in inline code is not HTML-escaped) may hold what looks like
    // a marker, signed or outdated; only the marker the Action appended counts.
    const quoted = `${CONTENT} \`${marker}\` \`<!-- content-review:outdated -->\``;
    const body = signComment(quoted, FIELDS, SIGNING);
    expect(readSignedComment(body, SIGNING)).toEqual({
      kind: "signed",
      fields: FIELDS,
      content: quoted,
    });
  });

  it("readSignedComment finds no marker in a body without one", () => {
    expect(readSignedComment("A person's comment.", SIGNING)).toEqual({ kind: "none" });
  });

  const genuine = signComment(CONTENT, FIELDS, SIGNING);
  const marker = /<!-- content-review:file [^>]*-->$/.exec(genuine)![0];
  const otherFields = fingerprintFields("Content Review", "media/b.png");
  it.each([
    ["the marker under another text", `Looks fine.\n\n${marker}`, "invalid"],
    ["the body edited", genuine.replace("1 major", "no"), "invalid"],
    ["text added after the marker", `${genuine}\n\nAll fixed.`, "invalid"],
    ["a second marker added", `${marker}\n${genuine}`, "invalid"],
    ["the marker moved to the top", `${marker}\n\n${CONTENT}`, "invalid"],
    [
      "the marker moved into the text",
      genuine.replace("\n\n- a", `\n\n${marker}- a`).replace(/\n\n<!--[^>]*-->$/, ""),
      "invalid",
    ],
    ["the fields changed (another file)", genuine.replace(FIELDS, otherFields), "invalid"],
    ["the fields changed (a line added)", genuine.replace(FIELDS, `${FIELDS} line=3`), "invalid"],
    [
      "signed for another pull request",
      signComment(
        CONTENT,
        FIELDS,
        commentSigning(deriveCommentKey(SECRET, LIVE_SCOPE), "octo", "media", 8),
      ),
      "invalid",
    ],
    [
      "signed with another secret",
      signComment(
        CONTENT,
        FIELDS,
        commentSigning(
          deriveCommentKey("another-record-key-0123456789", LIVE_SCOPE),
          "octo",
          "media",
          7,
        ),
      ),
      "invalid",
    ],
    [
      "signed in a sandbox run with the same secret",
      signComment(
        CONTENT,
        FIELDS,
        commentSigning(deriveCommentKey(SECRET, SANDBOX_SCOPE), "octo", "media", 7),
      ),
      "invalid",
    ],
    [
      "signed in another repository with the same secret (a pull request of the same number)",
      signComment(
        CONTENT,
        FIELDS,
        commentSigning(
          deriveCommentKey(SECRET, { ...LIVE_SCOPE, repository: "octo/other" }),
          "octo",
          "media",
          7,
        ),
      ),
      "invalid",
    ],
    [
      "signed in a repository of the same name with another id",
      signComment(
        CONTENT,
        FIELDS,
        commentSigning(
          deriveCommentKey(SECRET, { ...LIVE_SCOPE, repositoryId: "77" }),
          "octo",
          "media",
          7,
        ),
      ),
      "invalid",
    ],
    [
      "signed with the record key of the same secret",
      signComment(CONTENT, FIELDS, { ...SIGNING, key: deriveRecordKey(SECRET, LIVE_SCOPE) }),
      "invalid",
    ],
    [
      "an unsigned marker (older versions)",
      `${CONTENT}\n\n<!-- content-review:file ${FIELDS} -->`,
      "unsigned",
    ],
    ["a malformed signature", genuine.replace(/sig=[0-9a-f]{64}/, "sig=abc"), "unsigned"],
  ])("readSignedComment does not verify a comment with %s", (_, body, reason) => {
    expect(readSignedComment(body, SIGNING)).toEqual({ kind: "unverified", reason });
  });
});

describe("deriveCommentKey", () => {
  it("deriveCommentKey gives a key other than the record key of the same secret, and refuses an empty secret", () => {
    expect(deriveCommentKey(SECRET, LIVE_SCOPE).equals(deriveRecordKey(SECRET, LIVE_SCOPE))).toBe(
      false,
    );
    expect(deriveCommentKey(SECRET, LIVE_SCOPE).equals(deriveCommentKey(SECRET, LIVE_SCOPE))).toBe(
      true,
    );
    expect(() => deriveCommentKey("", LIVE_SCOPE)).toThrow("The review comment key needs a secret");
    expect(() => deriveRecordKey("", LIVE_SCOPE)).toThrow("The review record key needs a secret");
  });
});
