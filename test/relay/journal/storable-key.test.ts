import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storableKey, storableText } from "../../../relay/journal/storable-key.ts";

const storable = (text: string) => !text.includes("\u0000") && text.isWellFormed();

describe("storableKey", () => {
  it.each(["sub-1", "slack-parent:0b7c…", "😀 ünï", "\u001b", 'json:"x"'])(
    "leaves a key the stores hold as it is: %j",
    (key) => {
      expect(storableKey(key)).toBe(key);
    },
  );

  it("escapes U+0000 and lone surrogates, and a key that looks escaped, one to one", () => {
    const nul = storableKey("a\u0000");
    expect(storable(nul)).toBe(true);
    // The escaped form sent as a key of its own is escaped again, not taken for "a\u0000".
    expect(storableKey(nul)).not.toBe(nul);
    expect(storableKey("a\ud800")).not.toBe(storableKey("a\ufffd"));
  });

  it("is one to one and always storable (property)", () => {
    const unit = fc.oneof(
      fc.constantFrom("\u0000", "\ud800", "\udc00", "\ufffd", "\u001b", "json:", '"', "\\"),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 8 }), fc.string({ unit, maxLength: 8 }), (a, b) => {
        expect(storable(storableKey(a))).toBe(true);
        if (a !== b) expect(storableKey(a)).not.toBe(storableKey(b));
        expect(storableKey(storableKey(a)) === storableKey(a)).toBe(storableKey(a) === a);
      }),
      { numRuns: 500, seed: 20261127 },
    );
  });
});

describe("storableText", () => {
  it("shows U+0000 and lone surrogates as U+FFFD, keeping pairs", () => {
    expect(storableText("a\u0000b\ud800c😀")).toBe("a\ufffdb\ufffdc😀");
  });
});
