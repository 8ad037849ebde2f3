import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  ACTION_INPUT_NAMES,
  DEFAULT_FILE_PATTERNS,
  resolveActionInputs,
} from "../../src/action/resolve-action-inputs.ts";
import { REVIEW_DEFAULTS } from "../../src/pipeline/index.ts";

const REQUIRED = {
  "api-key": "sk_test_abcdefgh12345678",
  "base-url": "https://review.example.com",
  "sidekick-ids": "a, b\nc",
};

function resolve(inputs: Record<string, string>) {
  return resolveActionInputs((name) => inputs[name] ?? "");
}

describe("resolveActionInputs", () => {
  it("resolveActionInputs applies defaults and freezes the result", () => {
    const inputs = resolve(REQUIRED);
    expect(inputs).toMatchObject({
      sidekickIds: ["a", "b", "c"],
      failOn: "critical",
      wait: true,
      incremental: true,
      timeoutMinutes: 30,
      retryFailed: 2,
      comment: "review",
      checkName: "Content Review",
      uploadConcurrency: 4,
      maxCredits: undefined,
    });
    expect(inputs.files).toEqual(DEFAULT_FILE_PATTERNS);
    expect(DEFAULT_FILE_PATTERNS).toContain("**/*.[mM][pP]4");
    expect(Object.isFrozen(inputs)).toBe(true);
  });

  it("resolveActionInputs reads patterns with excludes and typed values", () => {
    const inputs = resolve({
      ...REQUIRED,
      files: "media/**\n!media/raw/**\n# a comment\n",
      wait: "False",
      incremental: "false",
      "max-credits": "12.5",
      "fail-on": "minor",
      "relay-url": "https://relay.example.com",
      "relay-token": "t",
    });
    expect(inputs).toMatchObject({
      files: ["media/**", "!media/raw/**"],
      wait: false,
      incremental: false,
      maxCredits: 12.5,
      failOn: "minor",
    });
  });

  it.each([
    ["api-key", "", 'Input "api-key" is required'],
    ["api-key", "sk_nope_123", 'Input "api-key" is not a Content Review API key'],
    ["api-key", "sk_live_abc", 'Input "api-key" is not a Content Review API key'],
    ["base-url", "ftp://x", 'Input "base-url" must be an http(s) URL'],
    ["base-url", "https://review.example.com/api", 'Input "base-url" must not end in /api'],
    ["base-url", "https://review.example.com/api/", 'Input "base-url" must not end in /api'],
    ["sidekick-ids", " , ", 'Input "sidekick-ids" is required'],
    [
      "fail-on",
      "bogus",
      'Input "fail-on" must be one of critical, major, minor, info, never (got "bogus")',
    ],
    ["comment", "all", 'Input "comment" must be one of review, summary-only, none (got "all")'],
    ["wait", "yes", 'Input "wait" must be one of true, false (got "yes")'],
    ["incremental", "no", 'Input "incremental" must be one of true, false (got "no")'],
    ["max-credits", "-1", 'Input "max-credits" must be a number of credits, 0 or more (got "-1")'],
    ["timeout-minutes", "0", 'Input "timeout-minutes" must be a number of minutes above 0'],
    ["retry-failed", "1.5", 'Input "retry-failed" must be a whole number from 0 to 10 (got "1.5")'],
    [
      "upload-concurrency",
      "64",
      'Input "upload-concurrency" must be a whole number from 1 to 32 (got "64")',
    ],
    [
      "relay-url",
      "https://relay.example.com",
      'Input "relay-token" is required when relay-url is set',
    ],
  ])("resolveActionInputs rejects %s=%j naming the input", (name, value, message) => {
    expect(() => resolve({ ...REQUIRED, [name]: value })).toThrow(message);
  });

  it("resolveActionInputs never repeats a malformed API key", () => {
    const key = "sk_live_not-hex-but-secret-0123456789";
    const error = (() => {
      try {
        resolve({ ...REQUIRED, "api-key": key });
      } catch (caught) {
        return caught as Error & { input?: string };
      }
      return undefined;
    })();
    expect(error).toMatchObject({ name: "ActionInputError", input: "api-key" });
    expect(error?.message).not.toContain(key);
  });

  it("resolveActionInputs reads record-key (empty means not set) and refuses a short one without repeating it", () => {
    expect(resolve(REQUIRED).recordKey).toBeUndefined();
    expect(resolve({ ...REQUIRED, "record-key": "  " }).recordKey).toBeUndefined();
    const key = "0123456789abcdef0123";
    expect(resolve({ ...REQUIRED, "record-key": key }).recordKey).toBe(key);
    const short = "shortsecret12";
    expect(() => resolve({ ...REQUIRED, "record-key": short })).toThrow(
      /^Input "record-key" must be at least 16 characters \(got 13\)/,
    );
    try {
      resolve({ ...REQUIRED, "record-key": short });
    } catch (error) {
      expect((error as Error).message).not.toContain(short);
    }
  });

  it("resolveActionInputs names every invalid input at once, one line each, in action.yml's order", () => {
    const error = (() => {
      try {
        resolve({
          "api-key": "",
          "base-url": "https://review.example.com/api",
          "sidekick-ids": "a",
          "fail-on": "bogus",
          "upload-concurrency": "64",
          "relay-url": "https://relay.example.com",
        });
      } catch (caught) {
        return caught as Error & { input?: string; problems?: { input: string }[] };
      }
      return undefined;
    })();
    expect(error?.name).toBe("ActionInputError");
    expect(error?.input).toBe("api-key");
    expect(error?.problems?.map((p) => p.input)).toEqual([
      "api-key",
      "base-url",
      "fail-on",
      "upload-concurrency",
      "relay-token",
    ]);
    expect(error?.message.split("\n")).toEqual([
      expect.stringMatching(/^Input "api-key" is required: /),
      expect.stringMatching(/^Input "base-url" must not end in \/api: /),
      expect.stringMatching(/^Input "fail-on" must be one of /),
      'Input "upload-concurrency" must be a whole number from 1 to 32 (got "64").',
      expect.stringMatching(/^Input "relay-token" is required when relay-url is set/),
    ]);
  });
});

describe("action.yml and REVIEW_DEFAULTS", () => {
  it("action.yml declares the inputs the table reads, and documents the defaults of REVIEW_DEFAULTS", async () => {
    const action = parse(await readFile(new URL("../../action.yml", import.meta.url), "utf8")) as {
      inputs: Record<string, { default?: string; description: string }>;
    };
    expect(Object.keys(action.inputs).sort()).toEqual([...ACTION_INPUT_NAMES].sort());
    const { inputs } = action;
    expect(inputs["retry-failed"]?.default).toBe(String(REVIEW_DEFAULTS.retryFailed));
    expect(inputs["upload-concurrency"]?.default).toBe(String(REVIEW_DEFAULTS.uploadConcurrency));
    expect(inputs["timeout-minutes"]?.default).toBe(String(REVIEW_DEFAULTS.timeoutMinutes));
    expect(inputs["check-name"]?.default).toBe(REVIEW_DEFAULTS.checkName);
    expect(inputs["retry-failed"]?.description).toContain(
      `(0 to ${REVIEW_DEFAULTS.maxRetryFailed})`,
    );
    expect(inputs["upload-concurrency"]?.description).toContain(
      `(1 to ${REVIEW_DEFAULTS.maxUploadConcurrency})`,
    );
    expect(inputs["timeout-minutes"]?.description).toContain(
      `at most ${REVIEW_DEFAULTS.maxTimeoutMinutes}`,
    );
    // What an empty input resolves to is what action.yml says it defaults to.
    const resolved = resolve(REQUIRED);
    expect(resolved.retryFailed).toBe(Number(inputs["retry-failed"]?.default));
    expect(resolved.uploadConcurrency).toBe(Number(inputs["upload-concurrency"]?.default));
    expect(resolved.timeoutMinutes).toBe(Number(inputs["timeout-minutes"]?.default));
    expect(resolved.checkName).toBe(inputs["check-name"]?.default);
  });
});
