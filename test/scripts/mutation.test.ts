import { describe, expect, it } from "vitest";
import { resultsMarkdown, scoresOf, testsFor } from "../../scripts/mutation.ts";

describe("test:mutation", () => {
  it("testsFor finds a module's mirror tests, topic tests included", () => {
    expect(testsFor(["src/webhooks/verify-webhook.ts"])).toEqual([
      "test/webhooks/verify-webhook.mutation.test.ts",
      "test/webhooks/verify-webhook.test.ts",
    ]);
  });

  it("testsFor names a module without tests and says what it expects", () => {
    expect(() => testsFor(["src/policy/index.ts"])).toThrow(
      /No test file for src\/policy\/index\.ts/,
    );
  });

  it("scoresOf counts a timeout as detected and leaves out what does not compile", () => {
    const mutants = ["Killed", "Timeout", "Survived", "NoCoverage", "CompileError"].map(
      (status) => ({
        status,
      }),
    );
    const [score] = scoresOf({ files: { "a.ts": { mutants } } }, ["a.ts"]);
    expect(score).toMatchObject({
      killed: 1,
      timeout: 1,
      survived: 1,
      noCoverage: 1,
      compileErrors: 1,
      score: 50,
    });
    expect(resultsMarkdown([score!], "10.1.1", "2026-11-26")).toContain(
      "| `a.ts` | 50.0% | 2 | 1 | 1 | 1 |",
    );
  });
});
