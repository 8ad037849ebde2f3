import { describe, expect, it } from "vitest";
import { pinTemplate } from "../../scripts/release/pin-templates.ts";

const SHA = "0123456789abcdef0123456789abcdef01234567";

describe("pinTemplate", () => {
  it.each([
    [
      "        uses: content-review/content-review-toolkit@v1\n",
      `        uses: content-review/content-review-toolkit@${SHA} # v1.2.0\n`,
    ],
    [
      `        uses: content-review/content-review-toolkit@${"f".repeat(40)} # v1.1.0\n`,
      `        uses: content-review/content-review-toolkit@${SHA} # v1.2.0\n`,
    ],
    [
      '        run: npm install --global "github:content-review/content-review-toolkit#v1"\n',
      `        run: npm install --global "github:content-review/content-review-toolkit#${SHA}" # v1.2.0\n`,
    ],
    // Prose that names the toolkit is left as it is; other actions are not the release's.
    [
      "# replace content-review/content-review-toolkit@v1 with yours\n      - uses: actions/checkout@v4\n",
      "# replace content-review/content-review-toolkit@v1 with yours\n      - uses: actions/checkout@v4\n",
    ],
  ])("pinTemplate pins %j", (text, pinned) => {
    expect(pinTemplate(text, SHA, "v1.2.0")).toBe(pinned);
  });

  it("pinTemplate refuses a sha that is not a full one", () => {
    expect(() => pinTemplate("", "0123abc", "v1.2.0")).toThrow(
      '"0123abc" is not a full commit sha.',
    );
  });
});
